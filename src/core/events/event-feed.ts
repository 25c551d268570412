import { listEvents, type Store, type StoredEvent } from "../store/index.js";
import { isEventType } from "./event-types.js";
import type { AoEvent, AoEventFamily, AoEventType, EventsOf } from "./index.js";

/** A stored row of a known event: what `eventIs` narrows a `StoredEvent` to. */
export type FeedEvent<E extends AoEvent = AoEvent> = E extends AoEvent
  ? {
      readonly id: number;
      readonly sessionId: string | null;
      readonly type: E["type"];
      readonly payload: E["payload"];
      readonly createdAt: number;
    }
  : never;

export type EventFilter = AoEventType | AoEventFamily;

/** The most one page holds, so a follower that fell far behind catches up in bounded steps. */
export const FEED_PAGE_MAX = 500;

export interface FeedQuery {
  /** The cursor: only events with a larger id (0: from the first event). */
  readonly after: number;
  /** At most this many, oldest first; default and ceiling `FEED_PAGE_MAX`. */
  readonly limit?: number | undefined;
  readonly sessionId?: string | undefined;
  /** One type (`session.status`) or a family (`reaction`: every `reaction.*`). */
  readonly type?: EventFilter | undefined;
}

export interface FeedPage {
  readonly events: StoredEvent[];
  /** What to pass as `after` next time: the last event's id, or `after` again when there was none. */
  readonly cursor: number;
  /** More events matched than the page held: read the next page at once. */
  readonly more: boolean;
}

/**
 * The one way to follow the feed (`ao events --follow`, the dashboard's SSE, the control plane):
 * events after an id, oldest first, at most a page. Ids only grow and events are never rewritten,
 * so a follower that keeps `cursor` sees every event exactly once, in order, across restarts.
 */
export function readFeed(store: Store, query: FeedQuery): FeedPage {
  const limit = Math.min(Math.max(1, Math.floor(query.limit ?? FEED_PAGE_MAX)), FEED_PAGE_MAX);
  const rows = listEvents(store, {
    afterId: query.after,
    limit: limit + 1,
    sessionId: query.sessionId,
    type: query.type,
  });
  const events = rows.slice(0, limit);
  return { events, cursor: events.at(-1)?.id ?? query.after, more: rows.length > limit };
}

/**
 * Narrows a stored row to the events a filter names, by its type alone: every row was appended as
 * a member of the union, whose payload shapes stay stable (docs/events.md), so a row of a known
 * type has its member's payload. A row of a type this build does not know matches no filter.
 */
export function eventIs<F extends EventFilter>(
  event: StoredEvent,
  filter: F,
): event is StoredEvent & FeedEvent<EventsOf<F>> {
  if (!isEventType(event.type)) return false;
  return event.type === filter || event.type.startsWith(`${filter}.`);
}
