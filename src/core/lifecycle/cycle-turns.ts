import type { AoContext } from "../context.js";
import { budgetConfigOf } from "./budget-config.js";
import { sessionPluginOptions } from "../session-plugins/session-plugins.js";
import { advanceTurns, type AdvanceScope } from "../turns/advance-turns.js";
import { registryResolver, type TurnContext } from "../turns/turn-context.js";
import { enginePlugins, type LifecycleEngine } from "./engine.js";

/** Turn code over the engine's store and its long-lived plugin instances. */
export function engineTurnContext(ctx: AoContext, engine: LifecycleEngine): TurnContext {
  const plugins = enginePlugins(ctx, engine);
  return {
    ctx,
    store: engine.store,
    config: budgetConfigOf(engine),
    agentOf: registryResolver(
      (session) => plugins.forProject(session.project)?.registry ?? plugins.shared,
      sessionPluginOptions(engine.config.config),
    ),
  };
}

/**
 * The turns part of a cycle: every open turn in scope caught up with its agent's signals (an
 * orphaned delivery recovered), and, when the cycle delivers, each session's next queued turn
 * delivered once its agent has no open turn. Nobody has to wait for a turn for it to be delivered
 * and finished. Never waits for a busy agent. Returns what went wrong, for the cycle's report.
 */
export async function cycleTurns(
  ctx: AoContext,
  engine: LifecycleEngine,
  scope: AdvanceScope,
  deliver: boolean,
): Promise<string[]> {
  return (await advanceTurns(engineTurnContext(ctx, engine), { ...scope, deliver })).errors;
}
