import type { Command } from "commander";
import { globalOptions, type CliRuntime } from "../cli-runtime.js";
import { jsonFlag } from "../common-flags.js";
import { addFlags, defineFlags, readFlags } from "../flags.js";
import { createStyle, writeJson, writeLines } from "../render.js";

const VALIDATE_FLAGS = defineFlags(jsonFlag("print the result as JSON"));
const SHOW_FLAGS = defineFlags(jsonFlag("print it as JSON instead of YAML"));

const MIGRATE_FLAGS = defineFlags({
  write: { type: "boolean", description: "save the migrated file in place (comments and layout kept)" },
  print: { type: "boolean", description: "print the migrated file instead of the list of edits" },
  ...jsonFlag("print {path, written, changes, text} as JSON"),
});

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? "" : "s"}`;

/** `ao config validate|show|schema|migrate`. */
export function registerConfigCommand(program: Command, cli: CliRuntime): void {
  const config = program.command("config").description("check, show and describe agent-orchestrator.yaml");

  const validate = config
    .command("validate")
    .description("check the configuration and report every problem with file:line:column");
  addFlags(validate, VALIDATE_FLAGS).action(
    cli.action(async (ctx, _flags: unknown, command: Command) => {
      const options = await readFlags(VALIDATE_FLAGS, command);
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
          ...result.keyWarnings.map((issue) => `${style.yellow("warning:")} ${formatIssue(issue, ctx.cwd)}`),
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

  const show = config
    .command("show")
    .description(
      "print the resolved configuration (defaults applied, variables substituted, secrets masked)",
    );
  addFlags(show, SHOW_FLAGS).action(
    cli.action(async (ctx, _flags: unknown, command: Command) => {
      const options = await readFlags(SHOW_FLAGS, command);
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

  const migrate = config
    .command("migrate")
    .description(
      "rewrite keys written for the original ao (ComposioHQ/agent-orchestrator) the way ao reads them; shows the edits, --write applies them keeping comments",
    );
  addFlags(migrate, MIGRATE_FLAGS).action(
    cli.action(async (ctx, _flags: unknown, command: Command) => {
      const options = await readFlags(MIGRATE_FLAGS, command);
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
    }),
  );
}
