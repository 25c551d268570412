import type { TurnEvent } from "./turn-events.js";

export type { TurnEvent, TurnFacts } from "./turn-events.js";

/**
 * Every event ao records: one discriminated union on `type`, the only thing the store's
 * `appendEvent` accepts. docs/events.md is generated from it.
 */
export type AoEvent = TurnEvent | UntypedEvent;

/**
 * TRANSITIONAL, to be removed by the event-union change: the events still assembled as free
 * strings at their call sites. Each moves into a typed family file beside turn-events.ts.
 */
export interface UntypedEvent {
  readonly type: string;
  readonly sessionId?: string | null | undefined;
  readonly payload?: Record<string, unknown> | undefined;
}

export type AoEventType = AoEvent["type"];
