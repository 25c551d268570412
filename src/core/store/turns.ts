import { AoError } from "../errors.js";
import type { TurnFacts } from "../events/index.js";
import type { TurnOrigin, TurnStatus } from "../slots/turns.js";
import { appendEvent } from "./events.js";
import { statement, type Store, type WriteTx } from "./store.js";
import { toTurn, turnNumber, type Turn, type TurnRow } from "./turn-row.js";

export interface NewTurn {
  readonly sessionId: string;
  readonly origin: TurnOrigin;
  readonly reactionId?: number | undefined;
  /** The message; kept only until it is delivered. */
  readonly text: string;
  readonly sha256: string;
  readonly marker?: string | undefined;
}

export interface InsertedTurn {
  /** false: the reaction already has its turn, and `turn` is that one (nothing was written). */
  readonly isNew: boolean;
  readonly turn: Turn;
}

export interface ListTurnsOptions {
  readonly sessionId?: string | undefined;
  readonly statuses?: readonly TurnStatus[] | undefined;
  /** The newest this many (still returned oldest first). */
  readonly limit?: number | undefined;
}

/**
 * Queues a turn with its `turn.queued` event. A reaction has at most one turn: giving it again
 * returns the one it has (a re-attempt of the reaction never makes a second turn).
 */
export function insertTurn(tx: WriteTx, turn: NewTurn): InsertedTurn {
  const now = tx.clock.now();
  const bytes = Buffer.byteLength(turn.text, "utf8");
  const row = statement(
    tx,
    `INSERT INTO turns (session_id, origin, reaction_id, message_sha256, message_bytes, message, marker,
       status, queued_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, 'queued', ?, ?)
     ON CONFLICT (reaction_id) WHERE reaction_id IS NOT NULL DO NOTHING RETURNING *`,
  ).get(
    turn.sessionId,
    turn.origin,
    turn.reactionId ?? null,
    turn.sha256,
    bytes,
    turn.text,
    turn.marker ?? null,
    now,
    now,
  ) as TurnRow | undefined;
  if (row === undefined) {
    const existing = statement(tx, "SELECT * FROM turns WHERE reaction_id = ?").get(turn.reactionId);
    return { isNew: false, turn: toTurn(tx, existing as TurnRow) };
  }
  const inserted = toTurn(tx, row);
  appendEvent(tx, {
    type: "turn.queued",
    sessionId: inserted.sessionId,
    payload: {
      ...turnFacts(inserted),
      bytes,
      sha256: turn.sha256,
      ...(turn.reactionId === undefined ? {} : { reactionId: turn.reactionId }),
    },
  });
  return { isNew: true, turn: inserted };
}

export function getTurn(store: Store, id: string): Turn | undefined {
  const row = statement(store, "SELECT * FROM turns WHERE id = ?").get(turnNumber(id)) as TurnRow | undefined;
  return row === undefined ? undefined : toTurn(store, row);
}

/** Like getTurn, for an id a person typed: a missing one is their error. */
export function requireTurn(store: Store, id: string): Turn {
  const turn = getTurn(store, id);
  if (turn) return turn;
  throw new AoError("E_NOT_FOUND", `no turn ${id}`, {
    hint: "`ao turns <session>` lists a session's turns",
    details: { turn: id },
  });
}

/** The turn a reaction gave, if it gave one. */
export function turnOfReaction(store: Store, reactionId: number): Turn | undefined {
  const row = statement(store, "SELECT * FROM turns WHERE reaction_id = ?").get(reactionId) as
    TurnRow | undefined;
  return row === undefined ? undefined : toTurn(store, row);
}

/** Turns in the order they were given. */
export function listTurns(store: Store, options: ListTurnsOptions = {}): Turn[] {
  const where: string[] = [];
  const params: (string | number)[] = [];
  if (options.sessionId !== undefined) {
    where.push("session_id = ?");
    params.push(options.sessionId);
  }
  if (options.statuses !== undefined) {
    where.push("status IN (SELECT value FROM json_each(?))");
    params.push(JSON.stringify(options.statuses));
  }
  const filter = where.length > 0 ? `WHERE ${where.join(" AND ")}` : "";
  let sql = `SELECT * FROM turns ${filter} ORDER BY id DESC`;
  if (options.limit !== undefined) {
    sql += " LIMIT ?";
    params.push(options.limit);
  }
  const rows = statement(store, sql).all(...params) as TurnRow[];
  return rows.reverse().map((row) => toTurn(store, row));
}

/** The session's turn being delivered or worked on; turns are serialised, so there is at most one. */
export function openTurnOf(store: Store, sessionId: string): Turn | undefined {
  const row = statement(
    store,
    "SELECT * FROM turns WHERE session_id = ? AND status IN ('delivering', 'running')",
  ).get(sessionId) as TurnRow | undefined;
  return row === undefined ? undefined : toTurn(store, row);
}

/** The sessions that have a turn which has not ended, in the order of their oldest such turn. */
export function sessionsWithUnendedTurns(store: Store): string[] {
  const rows = statement(
    store,
    `SELECT session_id FROM turns WHERE status IN ('queued', 'delivering', 'running')
     GROUP BY session_id ORDER BY MIN(id)`,
  ).all() as { session_id: string }[];
  return rows.map((row) => row.session_id);
}

/** What every turn event says about its turn. */
export function turnFacts(turn: Pick<Turn, "id" | "origin">): TurnFacts {
  return { turnId: turn.id, origin: turn.origin };
}
