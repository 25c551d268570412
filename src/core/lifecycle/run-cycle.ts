import type { AoContext } from "../context.js";
import { createCycle } from "./cycle.js";
import type { LifecycleEngine } from "./engine.js";

export interface CycleOptions {
  /** Only these sessions (webhooks); default all non-terminal sessions. */
  readonly sessionIds?: readonly string[] | undefined;
  /**
   * The one project this cycle is for (`ao start <project>`): only its sessions are watched, and
   * only its reactions delivered, those of its sessions that ended meanwhile too.
   */
  readonly project?: string | undefined;
  /** Default true; false = observe, decide, persist, plan only. */
  readonly deliver?: boolean | undefined;
  /**
   * Something is known to have changed (a webhook): the scm asks the forge about every pull request
   * of the cycle instead of trusting its cache (`Scm.observe` option `fresh`).
   */
  readonly fresh?: boolean | undefined;
}

export interface CycleReport {
  at: number;
  durationMs: number;
  sessions: number;
  events: number;
  planned: number;
  delivered: number;
  failed: number;
  escalated: number;
  errors: string[];
}

/**
 * One lifecycle cycle: observe → decide → persist → plan → deliver (docs/lifecycle.md). A failure
 * in one project or session is reported in `errors` and the rest of the cycle goes on.
 */
export function runCycle(
  ctx: AoContext,
  engine: LifecycleEngine,
  options: CycleOptions = {},
): Promise<CycleReport> {
  return createCycle(ctx, engine, options).run();
}
