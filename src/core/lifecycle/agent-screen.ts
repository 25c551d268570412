import type { AoContext } from "../context.js";
import { storedHandle } from "../session-plugins/runtime-handle.js";
import { sessionPluginOptions } from "../session-plugins/session-plugins.js";
import type { Runtime, RuntimeHandle } from "../slots/index.js";
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
    const agent = await agentRuntime(ctx, engine, session);
    return agent === undefined ? undefined : await agent.runtime.capture?.(agent.handle, { lines });
  } catch {
    // An agent that is gone has no screen; callers go on without it.
    return undefined;
  }
}

/** The session's runtime instance (the engine's) and its handle; undefined before it has one. */
export async function agentRuntime(
  ctx: AoContext,
  engine: LifecycleEngine,
  session: Session,
): Promise<{ runtime: Runtime; handle: RuntimeHandle } | undefined> {
  const handle = storedHandle(session);
  if (handle === undefined) return undefined;
  const plugins = enginePlugins(ctx, engine);
  const registry = plugins.forProject(session.project)?.registry ?? plugins.shared;
  const options = sessionPluginOptions(engine.config.config)(session, "runtime");
  return { runtime: await registry.resolve("runtime", session.runtime, options), handle };
}
