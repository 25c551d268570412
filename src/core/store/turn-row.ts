import { AoError } from "../errors.js";
import {
  REPLY_SOURCES,
  TURN_ORIGINS,
  TURN_STATUSES,
  type ReplySource,
  type TurnOrigin,
  type TurnStatus,
  type TurnWork,
} from "../slots/turns.js";
import { fromJsonObjectColumn } from "./json-column.js";
import { corruptStoreError } from "./sqlite-errors.js";
import type { Store } from "./store.js";

/** The process delivering a turn, so another one can tell a delivery in progress from an orphan. */
export interface TurnClaimant {
  readonly pid: number;
  /** The process's start time (empty without /proc), so a reused pid is not taken for it. */
  readonly startTime?: string | undefined;
  readonly host: string;
  /** Unique per claim: the same process may deliver several turns, one after another. */
  readonly token: string;
}

/**
 * One turn (src/core/slots/turns.ts) as the store keeps it. `id` is `t-<n>`, one counter for every
 * session. Timestamps are ms since the epoch; those of steps not reached yet are null.
 */
export interface Turn {
  readonly id: string;
  readonly sessionId: string;
  readonly origin: TurnOrigin;
  /** The reaction that gave it (origin `reaction`). */
  readonly reactionId: number | null;
  readonly message: { readonly sha256: string; readonly bytes: number };
  /** The message itself, only while it waits for delivery (queued, delivering); null after. */
  readonly messageText: string | null;
  /** A line the message ends with that names it on the agent's screen (a reaction's marker). */
  readonly marker: string | null;
  readonly status: TurnStatus;
  readonly queuedAt: number;
  readonly deliveredAt: number | null;
  readonly startedAt: number | null;
  readonly endedAt: number | null;
  /** The agent's final message for the turn; null until it ended (and for turns without one). */
  readonly reply: string | null;
  readonly replySource: ReplySource | null;
  /** The agent's own words when it failed, or ao's reason when the delivery failed; redacted. */
  readonly error: string | null;
  /** The tool calls and plan the agent reported for the turn (TurnSignal `work`); null when it did not. */
  readonly work: TurnWork | null;
  /** The agent's opaque position in its signals (AgentTurns.turnCursor / observeTurn). */
  readonly cursor: string | null;
  readonly claimant: TurnClaimant | null;
  readonly claimedAt: number | null;
  readonly updatedAt: number;
}

export interface TurnRow {
  id: number;
  session_id: string;
  origin: string;
  reaction_id: number | null;
  message_sha256: string;
  message_bytes: number;
  message: string | null;
  marker: string | null;
  status: string;
  queued_at: number;
  delivered_at: number | null;
  started_at: number | null;
  ended_at: number | null;
  reply: string | null;
  reply_source: string | null;
  error: string | null;
  /** JSON TurnWork (migration 010); absent on a row read by a query that names its columns. */
  work?: string | null;
  cursor: string | null;
  claimant: string | null;
  claimed_at: number | null;
  updated_at: number;
}

const TURN_ID = /^t-([1-9][0-9]*)$/;

/** `t-<n>`: how people and events name a turn. */
function formatTurnId(n: number): string {
  return `t-${String(n)}`;
}

/** The row id behind `t-<n>`; anything else is a person's typo. */
export function turnNumber(id: string): number {
  const match = TURN_ID.exec(id.trim());
  if (match?.[1] === undefined)
    throw new AoError("E_USAGE", `"${id}" is not a turn id`, {
      hint: "turn ids look like t-12; `ao turns <session>` lists them",
      details: { turn: id },
    });
  return Number(match[1]);
}

export function toTurn(store: Store, row: TurnRow): Turn {
  const where = { path: store.path, table: "turns", id: row.id };
  return {
    id: formatTurnId(row.id),
    sessionId: row.session_id,
    origin: known(store, row, "origin", row.origin, TURN_ORIGINS),
    reactionId: row.reaction_id,
    message: { sha256: row.message_sha256, bytes: row.message_bytes },
    messageText: row.message,
    marker: row.marker,
    status: known(store, row, "status", row.status, TURN_STATUSES),
    queuedAt: row.queued_at,
    deliveredAt: row.delivered_at,
    startedAt: row.started_at,
    endedAt: row.ended_at,
    reply: row.reply,
    replySource:
      row.reply_source === null ? null : known(store, row, "reply source", row.reply_source, REPLY_SOURCES),
    error: row.error,
    work:
      row.work === undefined || row.work === null
        ? null
        : (fromJsonObjectColumn(row.work, where) as unknown as TurnWork),
    cursor: row.cursor,
    claimant:
      row.claimant === null ? null : (fromJsonObjectColumn(row.claimant, where) as unknown as TurnClaimant),
    claimedAt: row.claimed_at,
    updatedAt: row.updated_at,
  };
}

function known<T extends string>(
  store: Store,
  row: TurnRow,
  what: string,
  value: string,
  allowed: readonly T[],
): T {
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw corruptStoreError(store.path, `turn ${String(row.id)} has unknown ${what} "${value}"`);
}
