import { appendEvent } from "./events.js";
import { statement, type WriteTx } from "./store.js";
import { toTurn, turnNumber, type Turn, type TurnRow } from "./turn-row.js";
import { turnFacts } from "./turns.js";

export interface NewSpawnTurn {
  readonly sessionId: string;
  readonly sha256: string;
  readonly bytes: number;
  /** The agent's position in its signals taken before it started, so its first prompt is after it. */
  readonly cursor: string;
}

/**
 * Records the task an agent was started with as the session's first turn (origin `spawn`): given
 * on its command line rather than pasted, so it is `running` at once, with the cursor taken before
 * the launch, and told as `turn.queued` then `turn.delivered`. Nothing is written when the session
 * already has an open turn (one open turn per session), and undefined is returned.
 */
export function insertSpawnTurn(tx: WriteTx, turn: NewSpawnTurn): Turn | undefined {
  const now = tx.clock.now();
  const row = statement(
    tx,
    `INSERT INTO turns (session_id, origin, message_sha256, message_bytes, status, queued_at,
       delivered_at, cursor, updated_at)
     SELECT ?, 'spawn', ?, ?, 'running', ?, ?, ?, ?
     WHERE NOT EXISTS (SELECT 1 FROM turns WHERE session_id = ? AND status IN ('delivering', 'running'))
     RETURNING *`,
  ).get(turn.sessionId, turn.sha256, turn.bytes, now, now, turn.cursor, now, turn.sessionId) as
    TurnRow | undefined;
  if (row === undefined) return undefined;
  const inserted = toTurn(tx, row);
  const facts = turnFacts(inserted);
  const sessionId = inserted.sessionId;
  appendEvent(tx, {
    type: "turn.queued",
    sessionId,
    payload: { ...facts, bytes: turn.bytes, sha256: turn.sha256 },
  });
  appendEvent(tx, { type: "turn.delivered", sessionId, payload: { ...facts, attempts: 1, confirmed: true } });
  return inserted;
}

/**
 * Gives a turn whose delivery provably never reached the agent back to the queue (a process killed
 * before it pasted, or whose unsubmitted paste was cleared): claim and cursor go, the text stays,
 * and the next deliverer delivers it, oldest first as before. Told as `turn.requeued` with why.
 */
export function requeueTurn(tx: WriteTx, id: string, token: string, reason: string): Turn | undefined {
  const row = statement(
    tx,
    `UPDATE turns SET status = 'queued', cursor = NULL, claimant = NULL, claimed_at = NULL, updated_at = ?
     WHERE id = ? AND status = 'delivering' AND json_extract(claimant, '$.token') IS ?
     RETURNING *`,
  ).get(tx.clock.now(), turnNumber(id), token) as TurnRow | undefined;
  if (row === undefined) return undefined;
  const turn = toTurn(tx, row);
  appendEvent(tx, {
    type: "turn.requeued",
    sessionId: turn.sessionId,
    payload: { ...turnFacts(turn), reason },
  });
  return turn;
}
