import type { Command } from "commander";
import { globalOptions, type CliRuntime } from "../cli-runtime.js";
import { createStyle, writeJson, writeLines } from "../render.js";

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? "" : "s"}`;

export function registerConfigCommand(program: Command, cli: CliRuntime): void {
  const config = program.command("config").description("check, show and describe agent-orchestrator.yaml");

  config
    .command("validate")
    .description("check the configuration and report every problem with file:line:column")
    .option("--json", "print the result as JSON")
    .action(
      cli.action(async (ctx, options: { json?: boolean }, command: Command) => {
        const { validateConfig } = await import("../../core/config/validate-config.js");
        const result = await validateConfig(ctx, {
          configPath: globalOptions(command).config,
          platform: process.platform,
        });
        if (options.json) {
          const { ok, path, projects } = result;
          writeJson(
            ctx.stdout,
            result.ok
              ? { ok, path, projects, warnings: result.warnings }
              : { ok, path, projects, errors: result.errors },
          );
        }
        if (result.ok) {
          if (!options.json)
            writeLines(ctx.stdout, [`ok: ${result.path} (${plural(result.projects, "project")})`]);
          const { describeCheck } = await import("../../core/doctor/preflight.js");
          const style = createStyle(ctx.stderr, ctx.env);
          writeLines(
            ctx.stderr,
            result.warnings.map((check) => `${style.yellow("warning:")} ${describeCheck(check)}`),
          );
          return 0;
        }
        const style = createStyle(ctx.stderr, ctx.env);
        writeLines(ctx.stderr, [`${style.red("error:")} ${result.message}`]);
        if (result.hint) writeLines(ctx.stderr, [`${style.dim("hint:")} ${result.hint}`]);
        return 2;
      }),
    );

  config
    .command("show")
    .description("print the resolved configuration (defaults applied, variables substituted, secrets masked)")
    .option("--json", "print it as JSON instead of YAML")
    .action(
      cli.action(async (ctx, options: { json?: boolean }, command: Command) => {
        const { showConfig } = await import("../../core/config/show-config.js");
        const shown = await showConfig(ctx, { configPath: globalOptions(command).config });
        if (options.json) {
          writeJson(ctx.stdout, shown.config);
          return 0;
        }
        const { stringify } = await import("yaml");
        ctx.stdout.write(`# resolved from ${shown.path}\n${stringify(shown.config, { lineWidth: 0 })}`);
        return 0;
      }),
    );

  config
    .command("schema")
    .description("print the JSON Schema of agent-orchestrator.yaml (for editors and CI)")
    .action(
      cli.action(async (ctx) => {
        const { renderConfigJsonSchema } = await import("../../core/config/json-schema.js");
        ctx.stdout.write(renderConfigJsonSchema(ctx.catalog.defaults));
        return 0;
      }),
    );
}
