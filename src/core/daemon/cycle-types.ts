import type { AoContext } from "../context.js";
import type { CycleOptions, CycleReport, LifecycleEngine } from "../lifecycle/index.js";

export type { CycleOptions, CycleReport, LifecycleEngine };

/** The lifecycle engine's `runCycle`, or a stand-in a test or a tool injects. */
export type CycleRunner = (
  ctx: AoContext,
  engine: LifecycleEngine,
  options?: CycleOptions,
) => Promise<CycleReport>;

export type EngineOpener = (ctx: AoContext, options: { configPath?: string }) => Promise<LifecycleEngine>;
