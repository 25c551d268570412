import type { ConflictEvent } from "./conflict-events.js";
import type { ControlEvent } from "./control-events.js";
import type { DaemonEvent } from "./daemon-events.js";
import type { BudgetEvent, LimitEvent } from "./gate-events.js";
import type { LifecycleFeedEvent } from "./lifecycle-events.js";
import type { NotificationEvent } from "./notification-events.js";
import type { PlanEvent } from "./plan-events.js";
import type { PlanRunEvent } from "./plan-run-events.js";
import type { PrEvent, ReviewEvent } from "./pr-events.js";
import type { QueueEvent } from "./queue-events.js";
import type { ReactionEvent } from "./reaction-events.js";
import type { SessionEvent } from "./session-events.js";
import type { TerminalEvent } from "./terminal-events.js";
import type { TurnEvent } from "./turn-events.js";

export type { TurnEvent, TurnFacts } from "./turn-events.js";
export type { EventBase } from "./event-base.js";
export type * from "./session-events.js";
export type * from "./pr-events.js";
export type * from "./reaction-events.js";
export type * from "./notification-events.js";
export type * from "./control-events.js";
export type * from "./terminal-events.js";
export type * from "./plan-events.js";
export type * from "./plan-run-events.js";
export type * from "./gate-events.js";
export type * from "./conflict-events.js";
export type * from "./queue-events.js";
export type * from "./daemon-events.js";
export type { LifecycleFeedEvent } from "./lifecycle-events.js";
export { lifecycleFeedEvent } from "./lifecycle-events.js";

// `ao events --type`: a type or a family, checked against the known ones.
export { parseEventFilter } from "./event-types.js";

/**
 * Every event ao records: one discriminated union on `type`, the only thing the store's
 * `appendEvent` (and every `event:` parameter of a session or reaction change) accepts. Each family
 * lives in its own file beside this one; docs/events.md is generated from them
 * (`npm run docs:events`), and a test fails when it is out of date.
 */
export type AoEvent =
  | SessionEvent
  | PrEvent
  | ReviewEvent
  | LifecycleFeedEvent
  | ReactionEvent
  | NotificationEvent
  | TurnEvent
  | ControlEvent
  | TerminalEvent
  | PlanEvent
  | PlanRunEvent
  | LimitEvent
  | BudgetEvent
  | ConflictEvent
  | QueueEvent
  | DaemonEvent;

export type AoEventType = AoEvent["type"];

/** The part of a type before its dot: `reaction` for `reaction.delivered`. `ao events --type` takes either. */
export type AoEventFamily = FamilyOf<AoEventType>;

type FamilyOf<T extends string> = T extends `${infer Family}.${string}` ? Family : never;

/** The events a filter selects: one type, or every type of a family. */
export type EventsOf<F extends AoEventType | AoEventFamily> = Extract<
  AoEvent,
  { type: F } | { type: `${F}.${string}` }
>;
