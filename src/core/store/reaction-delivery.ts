import { appendEvent, type NewEvent } from "./events.js";
import { toReaction, type Reaction, type ReactionRow, type ReactionStatus } from "./reaction-row.js";
import { requireReaction } from "./reactions.js";
import { statement, type WriteTx } from "./store.js";
import { redactText } from "../redact.js";

export interface ClaimOptions {
  limit?: number | undefined;
  /** Only these sessions' reactions; an empty list claims nothing. */
  sessionIds?: readonly string[] | undefined;
  /** Only this project's: its sessions' reactions and its own (all-complete, keyed `<project>:…`). */
  project?: string | undefined;
}

/**
 * Claims up to `limit` pending reactions whose time has come: they become `delivering` and their
 * attempt count goes up by one. Returned in due order. A reaction deferred while its turn waited
 * is due as soon as that turn has left the queue (delivered, or ended), not only when its deferral
 * runs out, so the cycle that delivers the turn records it `delivered` before the agent answers
 * it. One whose last attempt failed (`last_error`) keeps its retry time.
 */
export function claimDueReactions(tx: WriteTx, options: ClaimOptions = {}): Reaction[] {
  const now = tx.clock.now();
  const scope = scopeOf(options);
  const rows = statement(
    tx,
    `UPDATE reactions SET status = 'delivering', attempts = attempts + 1, updated_at = ?
     WHERE id IN (SELECT id FROM reactions WHERE status = 'pending'
                  AND (due_at <= ? OR (last_error IS NULL AND EXISTS (
                         SELECT 1 FROM turns WHERE turns.reaction_id = reactions.id
                         AND turns.status NOT IN ('queued', 'delivering'))))${scope.sql}
                  ORDER BY due_at, id LIMIT ?)
     RETURNING *`,
  ).all(now, now, ...scope.values, options.limit ?? -1) as ReactionRow[];
  return rows.map((row) => toReaction(tx, row)).sort((a, b) => a.dueAt - b.dueAt || a.id - b.id);
}

function scopeOf(options: ClaimOptions): { sql: string; values: (string | number)[] } {
  let sql = "";
  const values: (string | number)[] = [];
  if (options.sessionIds !== undefined) {
    sql += ` AND session_id IN (SELECT value FROM json_each(?))`;
    values.push(JSON.stringify(options.sessionIds));
  }
  if (options.project !== undefined) {
    sql += ` AND (session_id IN (SELECT id FROM sessions WHERE project = ?)
                  OR (session_id IS NULL AND instr(dedupe_key, ?) = 1))`;
    values.push(options.project, `${options.project}:`);
  }
  return { sql, values };
}

export function markReactionDone(
  tx: WriteTx,
  id: number,
  options: { event?: NewEvent | undefined } = {},
): Reaction {
  return transition(tx, id, ["delivering"], { status: "done", lastError: null }, options.event);
}

/**
 * Records a failed delivery. With `retryAt` the reaction goes back to `pending`, due then;
 * without, it is given up (`failed`).
 */
export function markReactionFailed(
  tx: WriteTx,
  id: number,
  options: { error: string; retryAt?: number | undefined; event?: NewEvent | undefined },
): Reaction {
  const to =
    options.retryAt === undefined
      ? { status: "failed" as const }
      : { status: "pending" as const, dueAt: options.retryAt };
  return transition(tx, id, ["delivering"], { ...to, lastError: options.error }, options.event);
}

/**
 * Puts a claimed reaction back to `pending`, due at `dueAt`, and gives its attempt back: it found
 * its work not done yet through no failure (its agent is busy with another turn), so waiting
 * costs none of its retries.
 */
export function deferReaction(
  tx: WriteTx,
  id: number,
  options: { dueAt: number; event?: NewEvent | undefined },
): Reaction {
  transition(
    tx,
    id,
    ["delivering"],
    { status: "pending", lastError: null, dueAt: options.dueAt },
    options.event,
  );
  const row = statement(
    tx,
    "UPDATE reactions SET attempts = MAX(0, attempts - 1) WHERE id = ? RETURNING *",
  ).get(id) as ReactionRow;
  return toReaction(tx, row);
}

/** Hands a reaction to a person instead (too many attempts, or the config says so). */
export function escalateReaction(
  tx: WriteTx,
  id: number,
  options: { reason: string; event?: NewEvent | undefined },
): Reaction {
  return transition(
    tx,
    id,
    ["pending", "delivering", "failed"],
    { status: "escalated", lastError: options.reason },
    options.event,
  );
}

/**
 * Puts reactions left `delivering` by a daemon that died back to `pending`. Only the one lifecycle
 * daemon of an AO_HOME claims reactions, so at its start every `delivering` row is an orphan.
 */
export function releaseInterruptedReactions(tx: WriteTx): number {
  return statement(
    tx,
    "UPDATE reactions SET status = 'pending', updated_at = ? WHERE status = 'delivering'",
  ).run(tx.clock.now()).changes;
}

interface ReactionChange {
  readonly status: ReactionStatus;
  readonly lastError: string | null;
  readonly dueAt?: number;
}

function transition(
  tx: WriteTx,
  id: number,
  from: readonly ReactionStatus[],
  change: ReactionChange,
  event: NewEvent | undefined,
): Reaction {
  const current = requireReaction(tx, id);
  if (!from.includes(current.status)) {
    // A caller moving a reaction it does not hold is a bug in ao, not something a person can fix.
    throw new Error(
      `reaction ${id} is ${current.status}; only ${from.join("/")} can become ${change.status}`,
    );
  }
  const row = statement(
    tx,
    "UPDATE reactions SET status = ?, last_error = ?, due_at = ?, updated_at = ? WHERE id = ? RETURNING *",
  ).get(
    change.status,
    change.lastError === null ? null : redactText(change.lastError),
    change.dueAt ?? current.dueAt,
    tx.clock.now(),
    id,
  ) as ReactionRow;
  if (event) appendEvent(tx, { ...event, sessionId: event.sessionId ?? current.sessionId });
  return toReaction(tx, row);
}
