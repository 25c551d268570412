import type { LoadedConfig } from "../config/index.js";
import type { AoContext } from "../context.js";
import { closeStore, openStore, type Store } from "../store/index.js";
import { createEnginePlugins, type EnginePlugins } from "./engine-plugins.js";

/**
 * What runs lifecycle cycles: the store and the configuration it was opened with. One per process;
 * `close` releases the database.
 */
export interface LifecycleEngine {
  readonly store: Store;
  readonly config: LoadedConfig;
  close(): void;
}

/**
 * The plugin instances of an engine, kept across cycles (scm/github's ETag cache lives in its
 * instance). Held beside the engine rather than on it, so the engine's shape stays the contract's.
 */
const pluginsOf = new WeakMap<LifecycleEngine, EnginePlugins>();

export function enginePlugins(ctx: AoContext, engine: LifecycleEngine): EnginePlugins {
  let plugins = pluginsOf.get(engine);
  if (plugins === undefined) {
    plugins = createEnginePlugins(ctx, engine.config);
    pluginsOf.set(engine, plugins);
  }
  return plugins;
}

/** Loads the configuration and opens the store. The configuration is read once: restart to reload it. */
export async function openLifecycleEngine(
  ctx: AoContext,
  options: { configPath?: string | undefined },
): Promise<LifecycleEngine> {
  const { loadConfig } = await import("../config/load-config.js");
  const config = await loadConfig(ctx, { configPath: options.configPath });
  const store = openStore(ctx);
  const engine: LifecycleEngine = { store, config, close: () => closeStore(store) };
  enginePlugins(ctx, engine);
  return engine;
}
