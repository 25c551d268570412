import { setTimeout as sleep } from "node:timers/promises";
import type { AoContext } from "../context.js";
import { closeStore, listEvents, openStore, type Store, type StoredEvent } from "../store/index.js";

export interface EventQuery {
  readonly sessionId?: string | undefined;
  /** An event type (`session.status`) or a family of them (`reaction` matches `reaction.*`). */
  readonly type?: string | undefined;
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
 * `ao events --follow`: the newest events, then every new one as it is written (the store is
 * polled every `intervalMs`; events are append-only with increasing ids), until `signal` aborts.
 */
export async function followEvents(
  ctx: Pick<AoContext, "paths" | "clock">,
  query: EventQuery & { signal: AbortSignal; intervalMs?: number | undefined },
  onEvents: (events: StoredEvent[]) => void,
): Promise<void> {
  const store = openStore(ctx);
  try {
    let events = newest(store, query);
    let lastId = 0;
    while (!query.signal.aborted) {
      if (events.length > 0) {
        onEvents(events);
        lastId = events[events.length - 1]?.id ?? lastId;
      }
      await sleep(query.intervalMs ?? 500, undefined, { signal: query.signal }).catch(() => undefined);
      if (query.signal.aborted) break;
      events = listEvents(store, { sessionId: query.sessionId, type: query.type, afterId: lastId });
    }
  } finally {
    closeStore(store);
  }
}

function newest(store: Store, query: EventQuery): StoredEvent[] {
  return listEvents(store, {
    sessionId: query.sessionId,
    type: query.type,
    limit: query.limit ?? DEFAULT_EVENT_LIMIT,
    fromEnd: true,
  });
}
