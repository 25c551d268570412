import type { AoConfig } from "../config/index.js";
import type { AoContext } from "../context.js";
import type { Lifecycle } from "../slots/index.js";
import type { Session, Store } from "../store/index.js";
import type { CycleLooks } from "./cycle-looks.js";
import type { EnginePlugins } from "./engine-plugins.js";
import type { LifecycleEngine } from "./engine.js";
import type { CycleOptions } from "./run-cycle.js";

/**
 * What one cycle owns, opened once when it starts and read by every step: the context, the store,
 * the configuration, the engine's plugin instances, the lifecycle plugin, the sessions it watches.
 */
export interface CycleScope {
  readonly ctx: AoContext;
  /** For the delivery modules, which take `(ctx, engine)`. */
  readonly engine: LifecycleEngine;
  readonly store: Store;
  readonly config: AoConfig;
  readonly plugins: EnginePlugins;
  /** `defaults.lifecycle`'s instance. */
  readonly lifecycle: Lifecycle;
  /** The lifecycle that decides a project's sessions: its own `lifecycle:`, else the default. */
  readonly lifecycleOf: (projectId: string) => Lifecycle;
  readonly options: CycleOptions;
  /** When the cycle started: every observation and decision of the cycle carries this time. */
  readonly at: number;
  /** The active sessions it watches (all, one project's, or `options.sessionIds`). */
  readonly sessions: readonly Session[];
  /** What it may take from earlier cycles' looks instead of asking again (cycle-looks.ts). */
  readonly looks: CycleLooks;
}

/** What a step did: its counts and the problems that did not stop it. The cycle adds them up. */
export interface StepResult {
  readonly events?: number;
  readonly planned?: number;
  readonly delivered?: number;
  readonly failed?: number;
  readonly escalated?: number;
  readonly errors?: readonly string[];
}

/** One step of a cycle, after the scope is open (cycle-steps.ts lists them in order). */
export type CycleStep = (scope: CycleScope) => Promise<StepResult>;
