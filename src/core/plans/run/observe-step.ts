import {
  getSession,
  getTurn,
  isTerminalStatus,
  ownReports,
  updateTicket,
  writeTransaction,
  type PlanTicket,
  type Store,
} from "../../store/index.js";
import type { PipelineStep } from "../types.js";
import { checkTicketOutput } from "./ticket-output.js";

/**
 * Looks at one running step and records what it came to. A step is done when its output is
 * handed on: for a turn (debate, synthesis in a role's session), the turn's reply; for a session
 * of its own, the worker's last `orch_report` since the step started, or its pull request merged.
 * Output is checked against the step's output schema; a reply that does not match fails a turn,
 * while a session may report again. A session that ended without handing anything on fails.
 */
export function observeStep(store: Store, planId: string, step: PipelineStep, row: PlanTicket): PlanTicket {
  if (row.state !== "running" || row.sessionId === null) return row;
  const schema = step.outputSchema ?? undefined;
  const done = (output: unknown) => finish(store, row, { state: "done", output });
  const failed = (reason: string) => finish(store, row, { state: "failed", reason });
  if (row.turnId !== null) {
    const turn = getTurn(store, row.turnId);
    if (turn === undefined) return failed(`its turn ${row.turnId} is gone`);
    if (turn.status === "completed") {
      const check = checkTicketOutput(turn.reply ?? "", schema);
      return check.ok
        ? done(check.output)
        : failed(`the reply does not match its output schema: ${check.problem}`);
    }
    if (turn.status === "failed" || turn.status === "interrupted" || turn.status === "empty")
      return failed(
        `its turn ${turn.id} ended ${turn.status}${turn.error === null ? "" : `: ${turn.error}`}`,
      );
    return row;
  }
  const reported = lastMatchingReport(store, row.sessionId, row.startedAt ?? 0, schema);
  if (reported !== undefined) return done(reported);
  const session = getSession(store, row.sessionId);
  if (session === undefined) return failed(`its session ${row.sessionId} is gone`);
  if (session.status === "merged")
    return done({ merged: true, branch: session.branch, pr: session.prUrl ?? session.prNumber });
  if (isTerminalStatus(session.status))
    return failed(`its session ${session.id} ended (${session.status}) without handing on its output`);
  return row;
}

function lastMatchingReport(
  store: Store,
  sessionId: string,
  since: number,
  schema: Readonly<Record<string, unknown>> | undefined,
): unknown {
  const reports = ownReports(store, sessionId, since).reverse();
  for (const report of reports) {
    const check = checkTicketOutput(report.text, schema);
    if (check.ok) return check.output;
  }
  return undefined;
}

function finish(
  store: Store,
  row: PlanTicket,
  patch: { state: "done"; output: unknown } | { state: "failed"; reason: string },
): PlanTicket {
  return writeTransaction(store, (tx) =>
    updateTicket(tx, row.planId, row.ticketId, { ...patch, endedAt: tx.clock.now() }),
  );
}
