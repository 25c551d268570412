import type { AoContext } from "../../context.js";
import type { Notification, Tracker } from "../../slots/index.js";
import type { Session, Store } from "../../store/index.js";
import type { SpawnRequest } from "../../sessions/spawn-session.js";
import type { TurnContext } from "../../turns/turn-context.js";

/**
 * What running a plan talks to, one seam for everything with a side effect: the lifecycle builds it
 * from its engine (lifecycle/engine-world.ts), for the daemon's cycle and for `ao plan cancel`.
 * Tests build it from a fixture's engine like the daemon does.
 */
export interface PlanWorld {
  readonly ctx: AoContext;
  readonly store: Store;
  readonly configPath: string | undefined;
  /** The project's tracker (the parent ticket's), undefined when it has none. */
  tracker(projectId: string): Promise<Tracker | undefined>;
  /** Tells a person (the notifiers routed for the priority). */
  notify(notification: Notification): Promise<void>;
  /** ao spawn, for a step that is a session of its own. */
  spawn(request: SpawnRequest): Promise<Session>;
  /** ao session kill --purge, for cancel: the branch stays. */
  kill(sessionId: string): Promise<void>;
  /** For the steps that are turns of their own, and the cost of the plan's sessions. */
  readonly turns: TurnContext;
}
