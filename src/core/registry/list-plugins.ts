import { SLOTS, type PluginCatalog, type Slot } from "./catalog.js";
import { checkDefinition } from "./check-definition.js";
import { loadPluginModule } from "./load-plugin-module.js";

export interface PluginListing {
  slot: Slot;
  name: string;
  description: string;
  /** Set when the built-in could not be loaded (a broken install); it is listed anyway. */
  error?: string;
}

export interface SlotListing {
  slot: Slot;
  plugins: Omit<PluginListing, "slot">[];
}

/**
 * Every built-in plugin with its description. This loads the whole catalog, which only
 * `ao plugin ls` may do; everything else resolves one plugin at a time through the registry.
 */
export async function listPlugins(catalog: PluginCatalog): Promise<PluginListing[]> {
  const entries = SLOTS.flatMap((slot) =>
    Object.keys(catalog[slot])
      .sort()
      .map((name) => ({ slot, name })),
  );
  return Promise.all(entries.map(({ slot, name }) => describePlugin(catalog, slot, name)));
}

/** `listPlugins` per slot, in slot order; a slot without built-ins has an empty list. */
export async function listPluginsBySlot(catalog: PluginCatalog): Promise<SlotListing[]> {
  return groupBySlot(await listPlugins(catalog));
}

/** The listings per slot, in slot order; a slot without built-ins has an empty list. */
export function groupBySlot(listings: readonly PluginListing[]): SlotListing[] {
  return SLOTS.map((slot) => ({
    slot,
    plugins: listings.filter((listing) => listing.slot === slot).map(({ slot: _slot, ...rest }) => rest),
  }));
}

async function describePlugin(catalog: PluginCatalog, slot: Slot, name: string): Promise<PluginListing> {
  try {
    // Only built-ins are listed, so the base directory for external names is never consulted.
    const loaded = await loadPluginModule(slot, name, { catalog, baseDir: "/" });
    return { slot, name, description: checkDefinition(slot, name, loaded).description };
  } catch (error) {
    return { slot, name, description: "", error: error instanceof Error ? error.message : String(error) };
  }
}
