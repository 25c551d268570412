import type { AoContext } from "../context.js";
import { AoError, EXIT_USAGE } from "../errors.js";
import type { SessionStatus } from "../slots/session-status.js";
import {
  closeStore,
  insertReport,
  isTerminalStatus,
  openStore,
  requireSession,
  updateSession,
  writeTransaction,
  type Session,
} from "../store/index.js";
import { REPORT_STATUS, type AgentReportState } from "./agent-states.js";
import { SESSION_ID_ENV } from "./session-env.js";

export interface ReportInput {
  state: AgentReportState;
  by: "acknowledge" | "report";
  /** `--session`; default: AO_SESSION_ID, which ao sets in every agent's environment. */
  session?: string | undefined;
  /** What the agent wants a person (or its commander) to read; kept in the reports table. */
  note?: string | undefined;
}

export interface ReportResult {
  session: Session;
  from: SessionStatus;
  /** False when ao's own observation owns the current status (a PR's, a limit's, a spawn's). */
  applied: boolean;
  reason: string;
}

/** Statuses the forge, a limit or a spawn sets: an agent's word does not replace them. */
const OBSERVED: ReadonlySet<SessionStatus> = new Set<SessionStatus>([
  "spawning",
  "rate_limited",
  "over_budget",
  "pr_open",
  "ci_failed",
  "review_pending",
  "changes_requested",
  "approved",
  "mergeable",
]);

/**
 * `ao report` / `ao acknowledge`: the agent declares its state. The status moves to what the
 * state means (agent-states.ts) unless ao's own observation owns it; either way a `session.reported`
 * event records what was said. The lifecycle's next observation of the agent still wins over it,
 * as in the original (runtime and forge evidence first).
 */
export function reportState(ctx: AoContext, input: ReportInput): ReportResult {
  const id = reportingSession(ctx, input.session);
  const store = openStore(ctx);
  try {
    return writeTransaction(store, (tx) => {
      const before = requireSession(tx, id);
      if (isTerminalStatus(before.status)) throw endedSession(before);
      const target = REPORT_STATUS[input.state];
      const applied = !OBSERVED.has(before.status);
      const reason = applied ? target.reason : `${before.status}_kept`;
      const note = input.note?.trim() ?? "";
      if (note !== "") insertReport(tx, id, null, note);
      const session = updateSession(tx, id, applied ? { status: target.status, reason } : {}, {
        type: "session.reported",
        payload: {
          state: input.state,
          by: input.by,
          from: before.status,
          to: applied ? target.status : before.status,
          reason,
          ...(note === "" ? {} : { noteBytes: Buffer.byteLength(note, "utf8") }),
        },
      });
      return { session, from: before.status, applied, reason };
    });
  } finally {
    closeStore(store);
  }
}

/** The named session, else the one whose agent runs this command. */
export function reportingSession(ctx: Pick<AoContext, "env">, named: string | undefined): string {
  const id = named?.trim() || ctx.env[SESSION_ID_ENV]?.trim();
  if (id !== undefined && id !== "") return id;
  throw new AoError("E_USAGE", "not inside an ao session: no session named and AO_SESSION_ID is not set", {
    exitCode: EXIT_USAGE,
    hint: "run it from the agent ao started (ao sets AO_SESSION_ID there), or name one: --session <id>",
  });
}

function endedSession(session: Session): AoError {
  return new AoError("E_SESSION_STATE", `session ${session.id} has ended (${session.status})`, {
    hint: "`ao session restore " + session.id + "` starts its agent again",
    details: { session: session.id, status: session.status },
  });
}
