import type { Command } from "commander";
import type { CiRun, CiRunCheck } from "../../core/slots/index.js";
import { globalOptions, type CliRuntime } from "../cli-runtime.js";
import { jsonFlag } from "../common-flags.js";
import { addFlags, defineFlags, readFlags } from "../flags.js";
import { renderTable, writeJson, writeLines } from "../render.js";

const FLAGS = defineFlags({
  log: { type: "boolean", description: "print the whole output of the latest run (or of --sha)" },
  sha: {
    type: "string",
    value: "sha",
    description: "with --log: the run of this head commit (an unambiguous prefix is enough)",
  },
  ...jsonFlag("print the runs (or the log) as JSON"),
});

/** `ao ci <session> [--log [--sha <sha>]]`: local mode's CI runs of a session. */
export function registerCiCommand(program: Command, cli: CliRuntime): void {
  const ci = program
    .command("ci")
    .description("show a session's CI runs (local mode), newest first; --log prints a run's whole output")
    .argument("<session>", "session id, e.g. app-3");
  addFlags(ci, FLAGS).action(
    cli.action(async (ctx, session: string, _flags: unknown, command: Command) => {
      const flags = await readFlags(FLAGS, command);
      const { sessionCiLog, sessionCiRuns } = await import("../../core/sessions/index.js");
      const configPath = globalOptions(command).config;
      if (flags.sha !== undefined && !flags.log) {
        const { AoError } = await import("../../core/errors.js");
        throw new AoError("E_USAGE", "--sha picks the run whose log --log prints", {
          hint: `ao ci ${session} --log --sha ${flags.sha}`,
        });
      }
      if (flags.log) {
        const result = await sessionCiLog(ctx, session, { configPath, sha: flags.sha });
        if (flags.json) writeJson(ctx.stdout, result);
        else ctx.stdout.write(result.log);
        return 0;
      }
      const result = await sessionCiRuns(ctx, session, { configPath });
      if (flags.json) writeJson(ctx.stdout, result);
      else writeLines(ctx.stdout, runLines(result.session, result.branch, result.runs));
      return 0;
    }),
  );
}

function runLines(session: string, branch: string, runs: readonly CiRun[]): string[] {
  if (runs.length === 0) return [`${session}: no CI runs yet on ${branch}`];
  return runs.flatMap((run, index) => [
    ...(index === 0 ? [] : [""]),
    `${run.sha.slice(0, 12)}  ${run.state}  started ${run.startedAt}${duration(run)}`,
    ...(run.reason === undefined ? [] : [`  ${run.reason}`]),
    ...renderTable(run.checks, CHECK_COLUMNS).map((line) => `  ${line}`),
  ]);
}

const CHECK_COLUMNS = [
  { header: "check", value: (check: CiRunCheck) => check.name },
  { header: "state", value: (check: CiRunCheck) => check.state },
  { header: "exit", value: (check: CiRunCheck) => exitCell(check.exitCode) },
  { header: "log", value: (check: CiRunCheck) => check.log ?? "-" },
];

function exitCell(code: number | null | undefined): string {
  if (code === undefined) return "-";
  return code === null ? "killed" : String(code);
}

function duration(run: CiRun): string {
  if (run.finishedAt === undefined) return "";
  const ms = Date.parse(run.finishedAt) - Date.parse(run.startedAt);
  return Number.isFinite(ms) ? `, took ${(ms / 1000).toFixed(1)}s` : "";
}
