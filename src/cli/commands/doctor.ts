import type { Command } from "commander";
import { globalOptions, type CliRuntime } from "../cli-runtime.js";
import type { OutputStream } from "../../core/context.js";
import type { CheckStatus, DoctorCheck, DoctorReport } from "../../core/doctor/index.js";
import { jsonFlag } from "../common-flags.js";
import { addFlags, defineFlags, readFlags } from "../flags.js";
import { createStyle, writeJson, writeLines, type Style } from "../render.js";

const FLAGS = defineFlags({
  fix: {
    type: "boolean",
    description: "set right what doctor safely can under AO_HOME (without it: only list it)",
  },
  moveAsideStore: {
    type: "boolean",
    description:
      "with --fix: move an empty ao.db that has no backup aside (ao then starts an empty database)",
  },
  ...jsonFlag("print the checks, the fixes and a summary as JSON"),
});

export function registerDoctorCommand(program: Command, cli: CliRuntime): void {
  const doctor = program
    .command("doctor")
    .description("check that this machine and the configuration are ready to run agents")
    .addHelpText(
      "after",
      `
What --fix does (only to what ao owns under AO_HOME; never your repositories or config):
  creates a missing AO_HOME (mode 700), makes ao's directories 700 and its token and secret
  files 600, removes a daemon.json of a daemon that is not running and temporary files a killed
  ao left (older than 10 minutes), and replaces an empty ao.db (moved aside, never deleted) by
  the newest backup in AO_HOME/backups. Each fix is listed; without --fix they are warnings.

Examples:
  ao doctor               check, change nothing
  ao doctor --fix         check and apply the safe fixes
  ao doctor --json | jq '.repairs[] | select(.status != "fixed")'`,
    );
  addFlags(doctor, FLAGS).action(
    cli.action(async (ctx, _flags: unknown, command: Command) => {
      const flags = await readFlags(FLAGS, command);
      const { runDoctor } = await import("../../core/doctor/index.js");
      const host = { nodeVersion: process.versions.node, platform: process.platform };
      const configPath = globalOptions(command).config;
      const report = await runDoctor(ctx, {
        configPath,
        host,
        fix: flags.fix,
        moveAsideStore: flags.moveAsideStore,
      });
      if (flags.json) writeJson(ctx.stdout, report);
      else writeLines(ctx.stdout, reportLines(report, ctx.stdout, ctx.env));
      return report.ok ? 0 : 1;
    }),
  );
}

/**
 * On a colour terminal: ✓ / ! / ✗ in green, yellow, red. Otherwise (NO_COLOR, TERM=dumb, a pipe, a
 * log file) plain ASCII words, `ok` / `warn` / `FAIL`, that grep and old terminals read the same.
 */
function reportLines(
  report: DoctorReport,
  out: OutputStream,
  env: Readonly<Record<string, string | undefined>>,
): string[] {
  const style = createStyle(out, env);
  // createStyle decides about colour (TTY, NO_COLOR, TERM); the symbols follow the same decision.
  const fancy = style.green("x") !== "x";
  const mark = (status: CheckStatus) => (fancy ? symbol(style, status) : ASCII[status].padEnd(4));
  const indent = " ".repeat((fancy ? 1 : 4) + 2);
  const width = Math.max(...report.checks.map((check) => check.title.length));
  const lines = report.checks.flatMap((check) => checkLines(check, mark(check.status), indent, width, style));
  const fixed = report.repairs.filter((repair) => repair.status === "fixed");
  if (fixed.length > 0)
    lines.push("", ...fixed.map((r) => `${style.green("fixed:")} ${r.problem}: ${r.action}`));
  const { ok, warn, fail } = report.summary;
  const verdict = report.ok ? style.green("ready") : style.red("not ready");
  lines.push("", `${verdict}: ${ok} ok, ${warn} ${warn === 1 ? "warning" : "warnings"}, ${fail} failed`);
  return lines;
}

const ASCII: Record<CheckStatus, string> = { ok: "ok", warn: "warn", fail: "FAIL" };

function symbol(style: Style, status: CheckStatus): string {
  if (status === "ok") return style.green("✓");
  return status === "warn" ? style.yellow("!") : style.red("✗");
}

function checkLines(
  check: DoctorCheck,
  mark: string,
  markIndent: string,
  width: number,
  style: Style,
): string[] {
  const indent = `${markIndent}${" ".repeat(width + 2)}`;
  const [first = "", ...rest] = check.detail.split("\n");
  const lines = [
    `${mark}  ${style.bold(check.title.padEnd(width))}  ${first}`,
    ...rest.map((line) => `${indent}${line}`),
  ];
  const source = check.source;
  if (source !== undefined) {
    const at = source.file === undefined ? "" : `${source.file}:${source.line}:${source.column} `;
    lines.push(`${indent}${style.dim("at:")} ${at}${source.keyPath}${at === "" ? " (a default)" : ""}`);
  }
  if (check.fix !== undefined && check.status !== "ok")
    lines.push(`${indent}${style.dim("fix:")} ${check.fix}`);
  return lines;
}
