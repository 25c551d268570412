import { getCommander, insertReport, openTurnOf, writeTransaction, type Turn } from "../store/index.js";
import type { ControlContext } from "./control-context.js";
import { authenticateWorker } from "../credentials/credentials.js";

export interface ReportRequest {
  readonly text: string;
  /** Default true: the final answer of the worker's open turn; false: a message of its own. */
  readonly final?: boolean | undefined;
}

export interface ReportResult {
  ok: true;
  /** The turn it answers; null when it was a message of the worker's own. */
  turn_id: string | null;
  commander: string;
}

/**
 * `orch_report`, called by a worker: authorised by its secret alone (good for that worker only,
 * while it is open). A final report becomes its open turn's reply, ahead of what hooks or the
 * transcript say; without an open turn (or with `final: false`) it is a message of its own,
 * which `list_sessions` shows its commander. Only a turn the commander gave (origin `mcp`) takes a
 * report: while the worker is still on its spawn's task, a report is a message of its own, as it
 * was before the task was a turn.
 */
export function reportToCommander(
  cc: ControlContext,
  secret: string | undefined,
  request: ReportRequest,
): ReportResult {
  const worker = authenticateWorker(cc.store, secret);
  const open = request.final === false ? undefined : commandersOpenTurn(cc, worker.sessionId);
  const report = writeTransaction(cc.store, (tx) =>
    insertReport(tx, worker.sessionId, open?.id ?? null, request.text),
  );
  return {
    ok: true,
    turn_id: report.turnId,
    commander: getCommander(cc.store, worker.commanderId)?.name ?? "",
  };
}

function commandersOpenTurn(cc: ControlContext, sessionId: string): Turn | undefined {
  const open = openTurnOf(cc.store, sessionId);
  return open?.origin === "mcp" ? open : undefined;
}
