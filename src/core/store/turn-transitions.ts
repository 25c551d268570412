import type { EndedTurnStatus, ReplySource, TurnWork } from "../slots/turns.js";
import { redactText } from "../redact.js";
import { appendEvent } from "./events.js";
import { toJsonColumn } from "./json-column.js";
import { statement, type WriteTx } from "./store.js";
import { toTurn, turnNumber, type Turn, type TurnClaimant, type TurnRow } from "./turn-row.js";
import { turnFacts } from "./turns.js";

/**
 * The moves of a turn. Each is a compare-and-set: it changes the row only when the turn is still
 * where the caller saw it, and returns undefined otherwise (another process moved it first), so
 * two processes never deliver one turn twice nor end it twice. Each status change appends its
 * `turn.*` event in the caller's transaction; a new cursor is an observation and appends none.
 */

/**
 * Claims the session's oldest queued turn for delivery, when the session has no turn being
 * delivered or worked on (turns are serialised per session; a unique index holds that too).
 */
export function claimNextTurn(tx: WriteTx, sessionId: string, claimant: TurnClaimant): Turn | undefined {
  const now = tx.clock.now();
  const row = statement(
    tx,
    `UPDATE turns SET status = 'delivering', claimant = ?, claimed_at = ?, updated_at = ?
     WHERE id = (SELECT MIN(id) FROM turns WHERE session_id = ? AND status = 'queued')
       AND NOT EXISTS (SELECT 1 FROM turns WHERE session_id = ? AND status IN ('delivering', 'running'))
     RETURNING *`,
  ).get(toJsonColumn(claimant), now, now, sessionId, sessionId) as TurnRow | undefined;
  if (row === undefined) return undefined;
  const turn = toTurn(tx, row);
  appendEvent(tx, { type: "turn.delivering", sessionId, payload: turnFacts(turn) });
  return turn;
}

/** Stores the agent's new position in its signals, unless another observer moved it meanwhile. */
export function recordTurnCursor(tx: WriteTx, id: string, cursor: string, expected: string | null): boolean {
  return (
    statement(
      tx,
      `UPDATE turns SET cursor = ?, updated_at = ?
       WHERE id = ? AND status IN ('delivering', 'running') AND cursor IS ?`,
    ).run(cursor, tx.clock.now(), turnNumber(id), expected).changes === 1
  );
}

export interface Delivered {
  /** The claim that delivered it (a recovery passes the dead claimant's). */
  readonly token: string;
  readonly attempts: number;
  readonly confirmed: boolean;
}

/** The runtime took the message: the turn runs, and its text is forgotten (its hash stays). */
export function markTurnDelivered(tx: WriteTx, id: string, delivery: Delivered): Turn | undefined {
  const now = tx.clock.now();
  const row = statement(
    tx,
    `UPDATE turns SET status = 'running', delivered_at = ?, message = NULL, updated_at = ?
     WHERE id = ? AND status = 'delivering' AND json_extract(claimant, '$.token') = ?
     RETURNING *`,
  ).get(now, now, turnNumber(id), delivery.token) as TurnRow | undefined;
  if (row === undefined) return undefined;
  const turn = toTurn(tx, row);
  appendEvent(tx, {
    type: "turn.delivered",
    sessionId: turn.sessionId,
    payload: { ...turnFacts(turn), attempts: delivery.attempts, confirmed: delivery.confirmed },
  });
  return turn;
}

/** The agent's signals say it started on the turn. */
export function markTurnStarted(tx: WriteTx, id: string, startedAt: number): Turn | undefined {
  const row = statement(
    tx,
    `UPDATE turns SET started_at = ?, updated_at = ?
     WHERE id = ? AND status = 'running' AND started_at IS NULL RETURNING *`,
  ).get(startedAt, tx.clock.now(), turnNumber(id)) as TurnRow | undefined;
  if (row === undefined) return undefined;
  const turn = toTurn(tx, row);
  appendEvent(tx, { type: "turn.started", sessionId: turn.sessionId, payload: turnFacts(turn) });
  return turn;
}

export interface TurnEnding {
  readonly status: EndedTurnStatus;
  readonly reply?: string | null | undefined;
  readonly replySource?: ReplySource | null | undefined;
  readonly error?: string | null | undefined;
  /** The tool calls and plan the agent reported for the turn. */
  readonly work?: TurnWork | undefined;
  /** Default: now. */
  readonly endedAt?: number | undefined;
  /** Only the claim that holds a delivering turn may end it (a recovery passes the dead one's). */
  readonly token?: string | undefined;
}

/** Ends a turn that is being delivered or worked on; its message text goes, whatever the outcome. */
export function endTurn(tx: WriteTx, id: string, ending: TurnEnding): Turn | undefined {
  const now = tx.clock.now();
  const error = ending.error === undefined || ending.error === null ? null : redactText(ending.error);
  const row = statement(
    tx,
    `UPDATE turns SET status = ?, reply = ?, reply_source = ?, error = ?, work = ?, ended_at = ?,
       message = NULL, updated_at = ?
     WHERE id = ? AND (status = 'running'
       OR (status = 'delivering' AND json_extract(claimant, '$.token') IS ?))
     RETURNING *`,
  ).get(
    ending.status,
    ending.reply ?? null,
    ending.replySource ?? null,
    error,
    ending.work === undefined ? null : toJsonColumn(redactWork(ending.work)),
    ending.endedAt ?? now,
    now,
    turnNumber(id),
    ending.token ?? null,
  ) as TurnRow | undefined;
  if (row === undefined) return undefined;
  return endedTurn(tx, toTurn(tx, row), ending.status);
}

/** A tool's title may hold a command line with a token in it: titles and plan texts are kept redacted. */
function redactWork(work: TurnWork): TurnWork {
  return {
    tools: work.tools.map((tool) => ({ ...tool, title: redactText(tool.title) })),
    plan: work.plan.map((entry) => ({ ...entry, content: redactText(entry.content) })),
  };
}

/** The turn as it ended, told as `turn.ended` (sizes and source, never the texts). */
function endedTurn(tx: WriteTx, turn: Turn, status: EndedTurnStatus): Turn {
  appendEvent(tx, {
    type: "turn.ended",
    sessionId: turn.sessionId,
    payload: {
      ...turnFacts(turn),
      status,
      replyBytes: Buffer.byteLength(turn.reply ?? "", "utf8"),
      replySource: turn.replySource,
      ...(turn.error === null ? {} : { error: turn.error }),
      ...(turn.work === null ? {} : workCounts(turn.work)),
    },
  });
  return turn;
}

/** The turn's work as `turn.ended` counts it; `autoAllowed` only when the host answered any question itself. */
function workCounts(work: TurnWork): { tools: number; planEntries: number; autoAllowed?: number } {
  const autoAllowed = work.tools.filter((tool) => tool.autoAllowed !== undefined).length;
  return {
    tools: work.tools.length,
    planEntries: work.plan.length,
    ...(autoAllowed === 0 ? {} : { autoAllowed }),
  };
}

/**
 * Ends a queued turn that can never be delivered (its session ended or is gone), with the reason.
 * Only queued ones: a turn being delivered belongs to its claimant.
 */
export function dropQueuedTurn(tx: WriteTx, id: string, reason: string): Turn | undefined {
  const now = tx.clock.now();
  const row = statement(
    tx,
    `UPDATE turns SET status = 'failed', error = ?, ended_at = ?, message = NULL, updated_at = ?
     WHERE id = ? AND status = 'queued' RETURNING *`,
  ).get(redactText(reason), now, now, turnNumber(id)) as TurnRow | undefined;
  if (row === undefined) return undefined;
  return endedTurn(tx, toTurn(tx, row), "failed");
}
