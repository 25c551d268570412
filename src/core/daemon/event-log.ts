import { setTimeout as sleep } from "node:timers/promises";
import type { AoContext } from "../context.js";
import { readFeed, type EventFilter } from "../events/event-feed.js";
import { AoError, EXIT_USAGE } from "../errors.js";
import {
  closeStore,
  getSession,
  listEvents,
  openStore,
  type Store,
  type StoredEvent,
} from "../store/index.js";

export interface EventQuery {
  readonly sessionId?: string | undefined;
  /** An event type (`session.status`) or a family of them (`reaction` matches `reaction.*`). */
  readonly type?: EventFilter | undefined;
  /** The newest `limit` events (oldest first). */
  readonly limit?: number | undefined;
}

export const DEFAULT_EVENT_LIMIT = 50;

/** `ao events`: the newest events matching the query, oldest first. */
export function readEvents(ctx: Pick<AoContext, "paths" | "clock">, query: EventQuery): StoredEvent[] {
  const store = openStore(ctx);
  try {
    return newest(store, query);
  } finally {
    closeStore(store);
  }
}

/**
 * `ao events --follow`: the newest events, then every new one as it is written, until `signal`
 * aborts. It is a follower like any other: it keeps the id of the last event it printed and reads
 * the feed after it (`readFeed`) every `intervalMs`, page by page when it fell behind.
 */
export async function followEvents(
  ctx: Pick<AoContext, "paths" | "clock">,
  query: EventQuery & { signal: AbortSignal; intervalMs?: number | undefined },
  onEvents: (events: StoredEvent[]) => void,
): Promise<void> {
  const store = openStore(ctx);
  try {
    const first = newest(store, query);
    if (first.length > 0) onEvents(first);
    let cursor = first.at(-1)?.id ?? 0;
    while (!query.signal.aborted) {
      await sleep(query.intervalMs ?? 500, undefined, { signal: query.signal }).catch(() => undefined);
      for (let more = true; more && !query.signal.aborted;) {
        const page = readFeed(store, { after: cursor, sessionId: query.sessionId, type: query.type });
        if (page.events.length > 0) onEvents(page.events);
        cursor = page.cursor;
        more = page.more;
      }
    }
  } finally {
    closeStore(store);
  }
}

/**
 * The newest events of the query. A session id that has no events and names no session is a
 * typo, not a quiet log: it is an error, so `ao events --session nope-9` does not say "no events".
 */
function newest(store: Store, query: EventQuery): StoredEvent[] {
  const events = listEvents(store, {
    sessionId: query.sessionId,
    type: query.type,
    limit: query.limit ?? DEFAULT_EVENT_LIMIT,
    fromEnd: true,
  });
  const id = query.sessionId;
  if (events.length > 0 || id === undefined || getSession(store, id) !== undefined) return events;
  throw new AoError("E_NOT_FOUND", `no session ${id}`, {
    exitCode: EXIT_USAGE,
    hint: "`ao session ls --all` lists every session, ended ones too",
    details: { session: id },
  });
}
