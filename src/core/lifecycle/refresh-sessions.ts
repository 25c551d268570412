import type { AoContext } from "../context.js";
import { openLifecycleEngine } from "./engine.js";
import { runCycle, type CycleReport } from "./run-cycle.js";

/** `ao status --refresh`: one cycle with deliver: false, then closes the engine. */
export async function refreshSessions(
  ctx: AoContext,
  options: { configPath?: string | undefined },
): Promise<CycleReport> {
  const engine = await openLifecycleEngine(ctx, options);
  try {
    return await runCycle(ctx, engine, { deliver: false });
  } finally {
    engine.close();
  }
}
