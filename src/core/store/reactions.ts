import { AoError } from "../errors.js";
import { appendEvent, type NewEvent } from "./events.js";
import { toJsonColumn, type JsonObject } from "./json-column.js";
import { toReaction, type Reaction, type ReactionRow, type ReactionStatus } from "./reaction-row.js";
import { statement, type Store, type WriteTx } from "./store.js";

export interface NewReaction {
  readonly sessionId?: string | null | undefined;
  readonly reactionKey: string;
  readonly dedupeKey: string;
  /** Defaults to now. */
  readonly dueAt?: number | undefined;
  readonly payload?: JsonObject | undefined;
}

export interface InsertedReaction {
  /** false: a reaction with this dedupe key was already planned; `reaction` is that one. */
  readonly isNew: boolean;
  readonly reaction: Reaction;
}

export interface ListReactionsOptions {
  readonly sessionId?: string | undefined;
  readonly status?: ReactionStatus | undefined;
}

/**
 * Plans a reaction unless its dedupe key is already known. `event` is appended only when the
 * reaction is new, so replanning the same observation leaves no trace.
 */
export function insertReactionIfNew(tx: WriteTx, reaction: NewReaction, event?: NewEvent): InsertedReaction {
  const now = tx.clock.now();
  const inserted = statement(
    tx,
    `INSERT INTO reactions (session_id, reaction_key, dedupe_key, status, attempts, due_at, payload, created_at, updated_at)
     VALUES (?, ?, ?, 'pending', 0, ?, ?, ?, ?)
     ON CONFLICT (dedupe_key) DO NOTHING RETURNING *`,
  ).get(
    reaction.sessionId ?? null,
    reaction.reactionKey,
    reaction.dedupeKey,
    reaction.dueAt ?? now,
    toJsonColumn(reaction.payload ?? {}),
    now,
    now,
  ) as ReactionRow | undefined;
  if (inserted === undefined) {
    const existing = statement(tx, "SELECT * FROM reactions WHERE dedupe_key = ?").get(reaction.dedupeKey);
    return { isNew: false, reaction: toReaction(tx, existing as ReactionRow) };
  }
  if (event) appendEvent(tx, { ...event, sessionId: event.sessionId ?? reaction.sessionId ?? null });
  return { isNew: true, reaction: toReaction(tx, inserted) };
}

export function getReaction(store: Store, id: number): Reaction | undefined {
  const row = statement(store, "SELECT * FROM reactions WHERE id = ?").get(id) as ReactionRow | undefined;
  return row === undefined ? undefined : toReaction(store, row);
}

export function requireReaction(store: Store, id: number): Reaction {
  const reaction = getReaction(store, id);
  if (reaction) return reaction;
  throw new AoError("E_NOT_FOUND", `no reaction ${id}`, { details: { reaction: id } });
}

/** Reactions in planning order. */
export function listReactions(store: Store, options: ListReactionsOptions = {}): Reaction[] {
  const where: string[] = [];
  const params: string[] = [];
  if (options.sessionId !== undefined) {
    where.push("session_id = ?");
    params.push(options.sessionId);
  }
  if (options.status !== undefined) {
    where.push("status = ?");
    params.push(options.status);
  }
  const filter = where.length > 0 ? `WHERE ${where.join(" AND ")}` : "";
  const rows = statement(store, `SELECT * FROM reactions ${filter} ORDER BY id`).all(
    ...params,
  ) as ReactionRow[];
  return rows.map((row) => toReaction(store, row));
}
