import { dirname } from "node:path";
import type { LoadedConfig } from "../config/index.js";
import type { AoContext } from "../context.js";
import { isAoError } from "../errors.js";
import type { Slot } from "../registry/catalog.js";
import { createPluginRegistry, type PluginRegistry } from "../registry/plugin-registry.js";

/**
 * A registry for plugins named in stored sessions. Built-in names need no configuration, so `ao
 * status` and `ao send` skip loading it (and zod's schema of it) when every name is a built-in; an
 * external plugin resolves relative to the config file, as it did when the session was spawned.
 */
export async function registryForNames(
  ctx: AoContext,
  names: readonly { slot: Slot; name: string }[],
  configPath?: string,
): Promise<PluginRegistry> {
  const allBuiltin = names.every(({ slot, name }) => Object.hasOwn(ctx.catalog[slot], name));
  if (allBuiltin) return createPluginRegistry(ctx);
  const loaded = await loadConfigIfAny(ctx, configPath);
  return createPluginRegistry(ctx, { baseDir: loaded === undefined ? ctx.cwd : dirname(loaded.path) });
}

/** The configuration, or undefined when there is none (a session can outlive its config file). */
export async function loadConfigIfAny(
  ctx: AoContext,
  configPath?: string,
): Promise<LoadedConfig | undefined> {
  // Imported here: the configuration brings zod and yaml, which `ao status` with built-ins never needs.
  const { loadConfig } = await import("../config/load-config.js");
  try {
    return await loadConfig(ctx, { configPath });
  } catch (error) {
    if (isAoError(error) && error.code === "E_CONFIG_NOT_FOUND" && configPath === undefined) return undefined;
    throw error;
  }
}
