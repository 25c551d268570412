import type { Command } from "commander";
import type { AoContext } from "../../core/context.js";
import type { AgentReportState, ReportResult } from "../../core/sessions/index.js";
import type { CliRuntime } from "../cli-runtime.js";
import { jsonFlag } from "../common-flags.js";
import { addFlags, defineFlags, readFlags } from "../flags.js";
import { writeJson, writeLines } from "../render.js";

const REPORT_FLAGS = defineFlags({
  session: {
    type: "string",
    value: "id",
    short: "-s",
    description: "the session (default: AO_SESSION_ID, set by ao in every agent)",
  },
  note: {
    type: "string",
    value: "text",
    description: "a short note for the person (kept by ao, not in the event feed)",
  },
  message: { type: "string", value: "text", short: "-m", description: "the same as --note" },
  ...jsonFlag("print { session, state, from, to, applied, reason } as JSON"),
});
const ACKNOWLEDGE_FLAGS = defineFlags({
  note: { type: "string", value: "text", description: "a short note for the person" },
  ...jsonFlag("print the result as JSON"),
});
interface ReportFlags {
  session: string | undefined;
  note: string | undefined;
  json: boolean;
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
  const report = program
    .command("report")
    .description("run by an agent inside its session: tell ao its state (the status follows)")
    .argument("<state>", "started, working, waiting, needs-input, fixing-ci, … (see below)")
    .addHelpText(
      "after",
      `${STATES_HELP}\nExamples:\n  ao report needs-input --note "which database should the tests use?"\n  ao report completed\n  ao report working --session app-3 --json\n`,
    );
  addFlags(report, REPORT_FLAGS).action(
    cli.action(async (ctx, stateText: string, _flags: unknown, command: Command) => {
      const { note, message, ...flags } = await readFlags(REPORT_FLAGS, command);
      const { parseReportState } = await import("../../core/sessions/index.js");
      return runReport(ctx, parseReportState(stateText), "report", { ...flags, note: note ?? message });
    }),
  );

  const acknowledge = program
    .command("acknowledge")
    .description("run by an agent once it has read its task: reports the state `started`")
    .argument("[session]", "the session (default: AO_SESSION_ID)")
    .addHelpText(
      "after",
      "\nExamples:\n  ao acknowledge\n  ao acknowledge app-3 --note 'starting with the parser'\n",
    );
  addFlags(acknowledge, ACKNOWLEDGE_FLAGS).action(
    cli.action(async (ctx, session: string | undefined, _flags: unknown, command: Command) => {
      const flags = await readFlags(ACKNOWLEDGE_FLAGS, command);
      return runReport(ctx, "started", "acknowledge", { ...flags, session });
    }),
  );
}

async function runReport(
  ctx: AoContext,
  state: AgentReportState,
  by: "acknowledge" | "report",
  flags: ReportFlags,
): Promise<number> {
  const { reportState } = await import("../../core/sessions/index.js");
  const result = reportState(ctx, { state, by, session: flags.session, note: flags.note });
  if (flags.json) writeJson(ctx.stdout, reportJson(state, result));
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
