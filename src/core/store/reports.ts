import { appendEvent } from "./events.js";
import { statement, type Store, type WriteTx } from "./store.js";
import { turnNumber } from "./turn-row.js";

/** What a worker handed its commander with `orch_report`. */
export interface Report {
  readonly id: number;
  readonly sessionId: string;
  /** `t-<n>`, or null for a message of the worker's own (no turn was open). */
  readonly turnId: string | null;
  readonly text: string;
  readonly at: number;
}

interface ReportRow {
  id: number;
  session_id: string;
  turn_id: number | null;
  text: string;
  at: number;
}

function toReport(row: ReportRow): Report {
  return {
    id: row.id,
    sessionId: row.session_id,
    turnId: row.turn_id === null ? null : `t-${row.turn_id}`,
    text: row.text,
    at: row.at,
  };
}

/** Keeps a report with its `control.reported` event (the feed gets its size, never its text). */
export function insertReport(tx: WriteTx, sessionId: string, turnId: string | null, text: string): Report {
  const row = statement(
    tx,
    "INSERT INTO reports (session_id, turn_id, text, at) VALUES (?, ?, ?, ?) RETURNING *",
  ).get(sessionId, turnId === null ? null : turnNumber(turnId), text, tx.clock.now()) as ReportRow;
  appendEvent(tx, {
    type: "control.reported",
    sessionId,
    payload: { turnId, bytes: Buffer.byteLength(text, "utf8") },
  });
  return toReport(row);
}

/** The turn's reply by report: the last one the worker made for it. */
export function reportOfTurn(store: Store, turnId: string): Report | undefined {
  const row = statement(store, "SELECT * FROM reports WHERE turn_id = ? ORDER BY id DESC LIMIT 1").get(
    turnNumber(turnId),
  ) as ReportRow | undefined;
  return row === undefined ? undefined : toReport(row);
}

/** A worker's messages of its own since `since` (ms), oldest first. */
export function ownReports(store: Store, sessionId: string, since: number): Report[] {
  const rows = statement(
    store,
    "SELECT * FROM reports WHERE session_id = ? AND turn_id IS NULL AND at >= ? ORDER BY id",
  ).all(sessionId, since) as ReportRow[];
  return rows.map(toReport);
}

/** Forgets report texts and request ids older than `before` (ms): the reply retention. */
export function pruneControlHistory(tx: WriteTx, before: number): number {
  const reports = statement(tx, "DELETE FROM reports WHERE at < ?").run(before).changes;
  statement(tx, "DELETE FROM request_ids WHERE at < ?").run(before);
  return reports;
}

/** The turn a commander's `request_id` was given, if any. */
export function turnOfRequest(store: Store, commanderId: number, requestId: string): string | undefined {
  const row = statement(
    store,
    "SELECT turn_id FROM request_ids WHERE commander_id = ? AND request_id = ?",
  ).get(commanderId, requestId) as { turn_id: number } | undefined;
  return row === undefined ? undefined : `t-${row.turn_id}`;
}

export function putRequestId(tx: WriteTx, commanderId: number, requestId: string, turnId: string): void {
  statement(
    tx,
    "INSERT OR IGNORE INTO request_ids (commander_id, request_id, turn_id, at) VALUES (?, ?, ?, ?)",
  ).run(commanderId, requestId, turnNumber(turnId), tx.clock.now());
}
