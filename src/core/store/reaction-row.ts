import { fromJsonObjectColumn, type JsonObject } from "./json-column.js";
import { corruptStoreError } from "./sqlite-errors.js";
import type { Store } from "./store.js";

export const REACTION_STATUSES = ["pending", "delivering", "done", "failed", "escalated"] as const;

export type ReactionStatus = (typeof REACTION_STATUSES)[number];

/**
 * One planned reaction (send CI failure to the agent, notify, merge…) in the durable outbox.
 * `pending` waits for `dueAt`; `delivering` is claimed by the daemon; the rest are final.
 */
export interface Reaction {
  readonly id: number;
  readonly sessionId: string | null;
  /** Which configured reaction this is, e.g. `ci-failed`. */
  readonly reactionKey: string;
  /** Derived from the content it reacts to, so the same observation never plans it twice. */
  readonly dedupeKey: string;
  readonly status: ReactionStatus;
  /** Delivery attempts so far, counted when a delivery is claimed. */
  readonly attempts: number;
  readonly dueAt: number;
  readonly lastError: string | null;
  readonly payload: JsonObject;
  readonly createdAt: number;
  readonly updatedAt: number;
}

export interface ReactionRow {
  id: number;
  session_id: string | null;
  reaction_key: string;
  dedupe_key: string;
  status: string;
  attempts: number;
  due_at: number;
  last_error: string | null;
  payload: string;
  created_at: number;
  updated_at: number;
}

const KNOWN: ReadonlySet<string> = new Set(REACTION_STATUSES);

export function toReaction(store: Store, row: ReactionRow): Reaction {
  if (!KNOWN.has(row.status)) {
    throw corruptStoreError(store.path, `reaction ${row.id} has unknown status "${row.status}"`);
  }
  return {
    id: row.id,
    sessionId: row.session_id,
    reactionKey: row.reaction_key,
    dedupeKey: row.dedupe_key,
    status: row.status as ReactionStatus,
    attempts: row.attempts,
    dueAt: row.due_at,
    lastError: row.last_error,
    payload: fromJsonObjectColumn(row.payload, { path: store.path, table: "reactions", id: row.id }),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
