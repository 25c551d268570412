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
        const [{ validateConfig }, { refreshSchemaCopy }] = await Promise.all([
          import("../../core/doctor/index.js"),
          import("../../core/init/index.js"),
        ]);
        const result = await validateConfig(ctx, {
          configPath: globalOptions(command).config,
          platform: process.platform,
        });
        // The editor's schema (the config's `$schema=` line) follows the ao in use.
        await refreshSchemaCopy(ctx.paths).catch(() => undefined);
        if (options.json) {
          const { ok, path, projects } = result;
          writeJson(
            ctx.stdout,
            result.ok
              ? { ok, path, projects, warnings: result.warnings, keyWarnings: result.keyWarnings }
              : { ok, path, projects, errors: result.errors },
          );
        }
        if (result.ok) {
          if (!options.json)
            writeLines(ctx.stdout, [`ok: ${result.path} (${plural(result.projects, "project")})`]);
          const { describeCheck } = await import("../../core/doctor/index.js");
          const { formatIssue } = await import("../../core/config/index.js");
          const style = createStyle(ctx.stderr, ctx.env);
          writeLines(ctx.stderr, [
            ...result.keyWarnings.map(
              (issue) => `${style.yellow("warning:")} ${formatIssue(issue, ctx.cwd)}`,
            ),
            ...result.warnings.map((check) => `${style.yellow("warning:")} ${describeCheck(check)}`),
          ]);
          if (result.keyWarnings.length > 0)
            writeLines(ctx.stderr, [
              `${style.dim("hint:")} \`ao config migrate --write\` rewrites these keys the way ao reads them`,
            ]);
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
        const { showConfig } = await import("../../core/config/index.js");
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
        const { renderConfigJsonSchema } = await import("../../core/config/index.js");
        ctx.stdout.write(renderConfigJsonSchema(ctx.catalog.defaults));
        return 0;
      }),
    );

  config
    .command("migrate")
    .description(
      "rewrite keys written for the original ao (ComposioHQ/agent-orchestrator) the way ao reads them; shows the edits, --write applies them keeping comments",
    )
    .option("--write", "save the migrated file in place (comments and layout kept)")
    .option("--print", "print the migrated file instead of the list of edits")
    .option("--json", "print {path, written, changes, text} as JSON")
    .action(
      cli.action(
        async (ctx, options: { write?: boolean; print?: boolean; json?: boolean }, command: Command) => {
          const { migrateConfig } = await import("../../core/config/index.js");
          const { formatIssue } = await import("../../core/config/index.js");
          const result = await migrateConfig(ctx, {
            configPath: globalOptions(command).config,
            write: options.write,
          });
          if (options.json) writeJson(ctx.stdout, result);
          else if (options.print) ctx.stdout.write(result.text);
          else
            writeLines(
              ctx.stdout,
              result.changes.map((change) => formatIssue(change, ctx.cwd)),
            );
          const style = createStyle(ctx.stderr, ctx.env);
          if (result.changes.length === 0)
            writeLines(ctx.stderr, [
              `nothing to migrate: ${result.path} has no keys written for the original ao`,
            ]);
          else if (result.written)
            writeLines(ctx.stderr, [`wrote ${result.path} (${plural(result.changes.length, "edit")})`]);
          else
            writeLines(ctx.stderr, [
              `${style.dim("hint:")} ao config migrate --write  (applies these ${plural(result.changes.length, "edit")})`,
            ]);
          return 0;
        },
      ),
    );
}
