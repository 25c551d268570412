import type { AoEvent } from "../events/index.js";
import { redactValue } from "../redact.js";
import { fromJsonObjectColumn, toJsonColumn, type JsonObject } from "./json-column.js";
import { statement, type Store, type WriteTx } from "./store.js";

/** One line of history. Events are append-only: the database refuses UPDATE and DELETE on them. */
export interface StoredEvent {
  readonly id: number;
  readonly sessionId: string | null;
  /**
   * A type of the event union (`session.status`, `reaction.delivered`); `eventIs` (events/event-feed)
   * narrows the row to its member. Kept a string: a row written by another ao build may hold a type
   * this one does not know.
   */
  readonly type: string;
  readonly payload: JsonObject;
  readonly createdAt: number;
}

/**
 * An event to append: a member of the union in src/core/events, and nothing else (no free type
 * strings). Facts for people and tools, never secrets.
 */
export type NewEvent = AoEvent;

export interface ListEventsOptions {
  readonly sessionId?: string | undefined;
  /** An event type (`session.status`), or a family of them: `reaction` matches `reaction.*` too. */
  readonly type?: string | undefined;
  /** Only events with a larger id: how `ao events --follow` picks up where it left off. */
  readonly afterId?: number | undefined;
  readonly limit?: number | undefined;
  /** With `limit`: the newest `limit` events instead of the oldest (still returned oldest first). */
  readonly fromEnd?: boolean | undefined;
}

interface EventRow {
  id: number;
  session_id: string | null;
  type: string;
  payload: string;
  created_at: number;
}

/**
 * Appends one event in the caller's transaction, so it commits or rolls back with the change it
 * describes. The payload is redacted on the way in: it may quote an agent, a forge or an error.
 */
export function appendEvent(tx: WriteTx, event: NewEvent): StoredEvent {
  const payload = toJsonColumn(redactValue(event.payload));
  const row = statement(
    tx,
    "INSERT INTO events (session_id, type, payload, created_at) VALUES (?, ?, ?, ?) RETURNING *",
  ).get(event.sessionId ?? null, event.type, payload, tx.clock.now()) as EventRow;
  return toEvent(tx, row);
}

export function listEvents(store: Store, options: ListEventsOptions = {}): StoredEvent[] {
  const where: string[] = [];
  const params: (string | number)[] = [];
  if (options.sessionId !== undefined) {
    where.push("session_id = ?");
    params.push(options.sessionId);
  }
  if (options.type !== undefined) {
    // substr rather than LIKE: a type may contain LIKE's wildcards.
    where.push("(type = ? OR substr(type, 1, ?) = ?)");
    params.push(options.type, options.type.length + 1, `${options.type}.`);
  }
  if (options.afterId !== undefined) {
    where.push("id > ?");
    params.push(options.afterId);
  }
  const filter = where.length > 0 ? `WHERE ${where.join(" AND ")}` : "";
  const newestFirst = options.fromEnd === true && options.limit !== undefined;
  let sql = `SELECT * FROM events ${filter} ORDER BY id ${newestFirst ? "DESC" : "ASC"}`;
  if (options.limit !== undefined) {
    sql += " LIMIT ?";
    params.push(options.limit);
  }
  if (newestFirst) sql = `SELECT * FROM (${sql}) ORDER BY id ASC`;
  const rows = statement(store, sql).all(...params) as EventRow[];
  return rows.map((row) => toEvent(store, row));
}

function toEvent(store: Store, row: EventRow): StoredEvent {
  return {
    id: row.id,
    sessionId: row.session_id,
    type: row.type,
    payload: fromJsonObjectColumn(row.payload, { path: store.path, table: "events", id: row.id }),
    createdAt: row.created_at,
  };
}

/**
 * A session's latest event of one exact type (the index on (session_id, id) walks back from the
 * newest): what the dashboard shows as why a session is where it is.
 */
export function latestEventOf(store: Store, sessionId: string, type: string): StoredEvent | undefined {
  const row = statement(
    store,
    "SELECT * FROM events WHERE session_id = ? AND type = ? ORDER BY id DESC LIMIT 1",
  ).get(sessionId, type) as EventRow | undefined;
  return row === undefined ? undefined : toEvent(store, row);
}

/** The id of the newest event (0 for none): where a follower of the feed stands. */
export function lastEventId(store: Store): number {
  const row = statement(store, "SELECT max(id) AS id FROM events").get() as { id: number | null };
  return row.id ?? 0;
}
