import type { Command } from "commander";
import type { CliRuntime } from "../cli-runtime.js";
import { jsonFlag } from "../common-flags.js";
import { addFlags, defineFlags, readFlags } from "../flags.js";
import { writeJson, writeLines } from "../render.js";
import type { UpdateCheck } from "../../core/update/index.js";

const FLAGS = defineFlags({
  check: {
    type: "boolean",
    description: "only say whether a newer ao exists and the command that installs it",
  },
  ...jsonFlag("print what was found (and done) as JSON"),
});

/**
 * `ao update`: for a global npm install, the registry's latest version installed into the same
 * prefix; for a git checkout, `git pull --ff-only` + install + build. `--check` only reports.
 */
export function registerUpdateCommand(program: Command, cli: CliRuntime): void {
  const update = program
    .command("update")
    .description(
      "update ao where it is installed (npm: the registry's latest; a git checkout: pull, install, build)",
    )
    .addHelpText(
      "after",
      `
The registry is npm's (npm_config_registry, else https://registry.npmjs.org/). A checkout is
pulled fast-forward only and never over uncommitted changes.

Examples:
  ao update --check           is there a newer ao? (exit 0 either way)
  ao update                   install it
  ao update --check --json | jq -r .latest`,
    );
  addFlags(update, FLAGS).action(
    cli.action(async (ctx, _flags: unknown, command: Command) => {
      const flags = await readFlags(FLAGS, command);
      const [{ aoEntryScript }, { describeInstall, packageRootOf }, { checkForUpdate }] = await Promise.all([
        import("../../core/ao-entry.js"),
        import("../../core/update/index.js"),
        import("../../core/update/index.js"),
      ]);
      const install = describeInstall(packageRootOf(aoEntryScript()));
      const check = await checkForUpdate(ctx, install);
      if (flags.check) {
        if (flags.json) writeJson(ctx.stdout, check);
        else writeLines(ctx.stdout, checkLines(check));
        return 0;
      }
      const { applyUpdate } = await import("../../core/update/index.js");
      const applied = await applyUpdate(ctx, install, check, (line) =>
        ctx.stderr.write(`running: ${line}\n`),
      );
      if (flags.json) writeJson(ctx.stdout, { ...check, ...applied, updated: applied.steps.length > 0 });
      else
        writeLines(ctx.stdout, [
          check.outdated ? `updated ${check.name} to ${applied.now}` : (checkLines(check)[0] ?? ""),
        ]);
      return 0;
    }),
  );
}

function checkLines(check: UpdateCheck): string[] {
  const where = `${check.name} (${check.kind === "unknown" ? "installed" : check.kind} at ${check.root})`;
  if (!check.outdated) return [`${where} is up to date: ${check.current}`];
  const newer =
    check.kind === "git"
      ? `${check.upstream ?? "upstream"} is ${check.behind ?? 0} commit(s) ahead: ${check.current} → ${check.latest}`
      : `${check.latest} is out (this is ${check.current})`;
  return [`${where}: ${newer}`, `update with: ${check.kind === "unknown" ? check.command : "ao update"}`];
}
