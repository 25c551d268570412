import type { Command } from "commander";
import type { AoContext } from "../../core/context.js";
import type { AgentReportState, ReportResult } from "../../core/sessions/index.js";
import type { CliRuntime } from "../cli-runtime.js";
import { writeJson, writeLines } from "../render.js";

interface ReportFlags {
  session?: string | undefined;
  note?: string;
  message?: string;
  json?: boolean;
}

const STATES_HELP = `
States (the original ao's; hyphens or underscores):
  started, working, waiting, needs-input, fixing-ci, addressing-reviews,
  pr-created, draft-pr-created, ready-for-review, completed
  (docs/switching.md says which status each one sets here)
`;

/**
 * `ao report <state>` and `ao acknowledge`: an agent without hooks (the generic `command` agent, a
 * script) tells ao what it is doing, from inside the session ao started (AO_SESSION_ID).
 */
export function registerReportCommands(program: Command, cli: CliRuntime): void {
  program
    .command("report")
    .description("run by an agent inside its session: tell ao its state (the status follows)")
    .argument("<state>", "started, working, waiting, needs-input, fixing-ci, … (see below)")
    .option("-s, --session <id>", "the session (default: AO_SESSION_ID, set by ao in every agent)")
    .option("--note <text>", "a short note for the person (kept by ao, not in the event feed)")
    .option("-m, --message <text>", "the same as --note")
    .option("--json", "print { session, state, from, to, applied, reason } as JSON")
    .addHelpText(
      "after",
      `${STATES_HELP}\nExamples:\n  ao report needs-input --note "which database should the tests use?"\n  ao report completed\n  ao report working --session app-3 --json\n`,
    )
    .action(
      cli.action(async (ctx, stateText: string, flags: ReportFlags) => {
        const { parseReportState } = await import("../../core/sessions/index.js");
        const state = parseReportState(stateText);
        return runReport(ctx, state, "report", flags);
      }),
    );

  program
    .command("acknowledge")
    .description("run by an agent once it has read its task: reports the state `started`")
    .argument("[session]", "the session (default: AO_SESSION_ID)")
    .option("--note <text>", "a short note for the person")
    .option("--json", "print the result as JSON")
    .addHelpText(
      "after",
      "\nExamples:\n  ao acknowledge\n  ao acknowledge app-3 --note 'starting with the parser'\n",
    )
    .action(
      cli.action(async (ctx, session: string | undefined, flags: ReportFlags) =>
        runReport(ctx, "started", "acknowledge", { ...flags, session: session ?? flags.session }),
      ),
    );
}

async function runReport(
  ctx: AoContext,
  state: AgentReportState,
  by: "acknowledge" | "report",
  flags: ReportFlags,
): Promise<number> {
  const { reportState } = await import("../../core/sessions/index.js");
  const result = reportState(ctx, { state, by, session: flags.session, note: flags.note ?? flags.message });
  if (flags.json === true) writeJson(ctx.stdout, reportJson(state, result));
  else writeLines(ctx.stdout, [reportLine(state, result)]);
  return 0;
}

function reportJson(state: AgentReportState, result: ReportResult): Record<string, unknown> {
  return {
    session: result.session.id,
    state,
    from: result.from,
    to: result.session.status,
    applied: result.applied,
    reason: result.reason,
  };
}

function reportLine(state: AgentReportState, result: ReportResult): string {
  const { id, status } = result.session;
  if (!result.applied) return `${id}: reported ${state}; status stays ${status} (ao observes it)`;
  return result.from === status
    ? `${id}: reported ${state} (${status})`
    : `${id}: reported ${state} (${result.from} → ${status})`;
}
