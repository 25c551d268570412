import type { AoContext } from "../context.js";
import { storedHandle } from "../sessions/runtime-handle.js";
import { sessionPluginOptions } from "../sessions/session-plugins.js";
import type { Session } from "../store/index.js";
import { enginePlugins, type LifecycleEngine } from "./engine.js";

/** The end of a session's screen, or undefined when it has none to show (gone, or no capture). */
export async function agentScreen(
  ctx: AoContext,
  engine: LifecycleEngine,
  session: Session,
  lines: number,
): Promise<string | undefined> {
  try {
    const handle = storedHandle(session);
    if (handle === undefined) return undefined;
    const plugins = enginePlugins(ctx, engine);
    const registry = plugins.forProject(session.project)?.registry ?? plugins.shared;
    const options = sessionPluginOptions(engine.config.config)(session, "runtime");
    const runtime = await registry.resolve("runtime", session.runtime, options);
    return await runtime.capture?.(handle, { lines });
  } catch {
    // An agent that is gone has no screen; callers go on without it.
    return undefined;
  }
}
