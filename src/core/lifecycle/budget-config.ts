import type { AoConfig } from "../config/types.js";
import type { AoContext } from "../context.js";
import { messageOf } from "../errors.js";
import type { LifecycleEngine } from "./engine.js";

/**
 * The configuration budgets are checked against: read again at the start of every cycle, so a
 * person who raises a budget in the file resumes the session without restarting the daemon (the
 * rest of the configuration is still read once). Held beside the engine, like its plugins.
 */
const reloaded = new WeakMap<LifecycleEngine, AoConfig>();

/** The budgets in force for this engine: the last reload, else the file as the engine opened it. */
export function budgetConfigOf(engine: LifecycleEngine): AoConfig {
  return reloaded.get(engine) ?? engine.config.config;
}

/** Reads the file again; a file that does not load now keeps the last good budgets (returned: why). */
export async function reloadBudgetConfig(
  ctx: AoContext,
  engine: LifecycleEngine,
): Promise<string | undefined> {
  const { loadConfig } = await import("../config/load-config.js");
  try {
    reloaded.set(engine, (await loadConfig(ctx, { configPath: engine.config.path })).config);
    return undefined;
  } catch (error) {
    return `budgets: the configuration does not load, the last good one is kept: ${messageOf(error)}`;
  }
}
