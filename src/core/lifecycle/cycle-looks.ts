import { createLookMemory, lookMemoryAt, type LookMemory } from "../sessions/look-memory.js";
import type { KeptScreen, ScreenMemory } from "../sessions/screen-reader.js";
import type { Session } from "../store/index.js";
import type { LifecycleEngine } from "./engine.js";
import type { QuietBranches } from "./pull-request-numbers.js";
import type { CycleOptions } from "./run-cycle.js";

/**
 * What a cycle may take from the looks of earlier cycles instead of asking tmux or git again
 * (docs/lifecycle.md, "What a cycle looks at again"): screens by their runtime's stamp, and
 * branches without commits of their own by their checkout's stamp.
 */
export interface CycleLooks {
  readonly screens: ScreenMemory;
  readonly quietBranches: QuietBranches;
}

interface EngineLooks {
  readonly screens: LookMemory<KeptScreen>;
  readonly quietBranches: LookMemory<true>;
}

/** Held beside the engine, like its plugins: one memory per engine, for its whole life. */
const looksOf = new WeakMap<LifecycleEngine, EngineLooks>();

/**
 * The engine's look memory as the cycle starting `at` uses it. A cycle for named sessions (an
 * agent's exit, a webhook, a wake) or a fresh one looks at its sessions afresh: something is known
 * to have happened to them. A cycle over every watched session forgets the sessions it no longer
 * watches.
 */
export function cycleLooks(
  engine: LifecycleEngine,
  at: number,
  options: CycleOptions,
  watched: readonly Session[],
): CycleLooks {
  let looks = looksOf.get(engine);
  if (looks === undefined) {
    looks = { screens: createLookMemory(), quietBranches: createLookMemory() };
    looksOf.set(engine, looks);
  }
  const recall = options.sessionIds === undefined && options.fresh !== true;
  if (options.sessionIds === undefined) {
    const ids = new Set(watched.map((session) => session.id));
    looks.screens.retain((key) => ids.has(key));
    looks.quietBranches.retain((key) => ids.has(key));
  }
  return {
    screens: lookMemoryAt(looks.screens, at, recall),
    quietBranches: lookMemoryAt(looks.quietBranches, at, recall),
  };
}
