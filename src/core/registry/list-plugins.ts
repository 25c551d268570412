import { SLOTS, type PluginCatalog, type Slot } from "./catalog.js";
import { checkDefinition } from "./check-definition.js";
import { isLocalPluginPath, loadPluginModule } from "./load-plugin-module.js";
import { messageOf } from "../errors.js";

/** Where a listed plugin comes from: ao itself, an installed npm package, or a file by its path. */
export type PluginOrigin = "built-in" | "package" | "file";

export interface PluginListing {
  slot: Slot;
  /** As the configuration writes it: a built-in's name, a package name or a path. */
  name: string;
  description: string;
  origin: PluginOrigin;
  /** Set when the plugin could not be loaded (a broken install, a wrong export); it is listed anyway. */
  error?: string;
}

export interface SlotListing {
  slot: Slot;
  plugins: Omit<PluginListing, "slot">[];
}

/**
 * Every built-in plugin with its description. This loads the whole catalog, which only
 * `ao plugin ls` may do; everything else resolves one plugin at a time through the registry.
 * (Built-ins never consult the base directory, hence "/".)
 */
export async function listPlugins(catalog: PluginCatalog): Promise<PluginListing[]> {
  const entries = SLOTS.flatMap((slot) =>
    Object.keys(catalog[slot])
      .sort()
      .map((name) => ({ slot, name })),
  );
  return Promise.all(entries.map(({ slot, name }) => describePlugin(catalog, slot, name, "/")));
}

/**
 * The plugins a configuration names that are not built-ins (npm packages, local files), each once
 * per slot, loaded from `baseDir` (the configuration's directory) exactly as a command would load
 * them; one that does not load is listed with its error.
 */
export async function listExternalPlugins(
  catalog: PluginCatalog,
  references: readonly { slot: Slot; name: string }[],
  baseDir: string,
): Promise<PluginListing[]> {
  const seen = new Set<string>();
  const external = references.filter(({ slot, name }) => {
    const key = `${slot}\u0000${name}`;
    if (Object.hasOwn(catalog[slot], name) || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return Promise.all(external.map(({ slot, name }) => describePlugin(catalog, slot, name, baseDir)));
}

/** The listings per slot, in slot order (built-ins first); a slot without plugins has an empty list. */
export function groupBySlot(listings: readonly PluginListing[]): SlotListing[] {
  return SLOTS.map((slot) => ({
    slot,
    plugins: listings.filter((listing) => listing.slot === slot).map(({ slot: _slot, ...rest }) => rest),
  }));
}

async function describePlugin(
  catalog: PluginCatalog,
  slot: Slot,
  name: string,
  baseDir: string,
): Promise<PluginListing> {
  const origin = originOf(catalog, slot, name);
  try {
    const loaded = await loadPluginModule(slot, name, { catalog, baseDir });
    return { slot, name, description: checkDefinition(slot, name, loaded).description, origin };
  } catch (error) {
    return {
      slot,
      name,
      description: "",
      origin,
      error: messageOf(error),
    };
  }
}

function originOf(catalog: PluginCatalog, slot: Slot, name: string): PluginOrigin {
  if (Object.hasOwn(catalog[slot], name)) return "built-in";
  return isLocalPluginPath(name) ? "file" : "package";
}
