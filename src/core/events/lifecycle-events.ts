import type { LifecycleEvent } from "../slots/lifecycle.js";
import type { EventBase } from "./event-base.js";

/** The lifecycle's own events that are stored as such; `status_changed` is stored as `session.status`. */
type StoredLifecycleEvent = Exclude<LifecycleEvent, { type: "status_changed" }>;

/** One lifecycle event as it is stored: typed `lifecycle.<its type>`, the event itself as the payload. */
type AsFeedEvent<E extends StoredLifecycleEvent> = E extends StoredLifecycleEvent
  ? EventBase & { type: `lifecycle.${E["type"]}`; payload: E }
  : never;

/**
 * What the lifecycle's decision said happened (src/core/slots/lifecycle.ts, the `LifecycleEvent`
 * union this family is made from): the payload is that event, its `type` field included.
 */
export type LifecycleFeedEvent = AsFeedEvent<StoredLifecycleEvent>;

/** The lifecycle's event as the feed stores it, about `sessionId`. */
export function lifecycleFeedEvent(sessionId: string, event: StoredLifecycleEvent): LifecycleFeedEvent {
  // The template type cannot follow the union member by member; the mapping above is exactly this.
  return { type: `lifecycle.${event.type}`, sessionId, payload: event } as LifecycleFeedEvent;
}
