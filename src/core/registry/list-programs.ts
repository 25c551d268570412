import type { PluginCatalog, Slot } from "./catalog.js";
import { checkDefinition } from "./check-definition.js";
import { loadPluginModule } from "./load-plugin-module.js";
import type { PluginProgram } from "./plugin-capabilities.js";

export interface CatalogProgram {
  /** The plugin's name in the catalog (`claude-code`). */
  readonly plugin: string;
  readonly program: PluginProgram;
}

/**
 * The programs the catalog's plugins of `slot` declare, in catalog order (the order `ao init`
 * prefers them in): which agent CLIs ao knows how to run, from the plugins themselves. Loads every
 * plugin of the slot, so only init and doctor call it; a plugin that fails to load is left out.
 */
export async function listPrograms(catalog: PluginCatalog, slot: Slot): Promise<CatalogProgram[]> {
  const names = Object.keys(catalog[slot]);
  const found = await Promise.all(
    names.map(async (plugin) => {
      try {
        const loaded = await loadPluginModule(slot, plugin, { catalog, baseDir: "/" });
        const program = checkDefinition(slot, plugin, loaded).program;
        return program === undefined ? undefined : { plugin, program };
      } catch {
        return undefined;
      }
    }),
  );
  return found.filter((entry): entry is CatalogProgram => entry !== undefined);
}
