import type { Slot } from "./catalog.js";
import { checkDefinition } from "./check-definition.js";
import type { PluginDefinition } from "./define-plugin.js";
import { loadPluginModule, type PluginSource } from "./load-plugin-module.js";
import { resolvePluginOptions } from "./validate-options.js";

export interface InspectedPlugin<S extends Slot = Slot> {
  readonly definition: PluginDefinition<S>;
  /** The options `create` would get: validated, defaults applied. */
  readonly options: unknown;
}

/**
 * The definition behind `slot:name` and its validated options, without creating anything: what the
 * definition-level capabilities (doctor, cleanup, program) run on. Fails as `resolve` would
 * (E_PLUGIN_UNKNOWN, E_PLUGIN_INVALID, E_PLUGIN_OPTIONS).
 */
export async function inspectPlugin<S extends Slot>(
  source: PluginSource,
  slot: S,
  name: string,
  rawOptions?: unknown,
): Promise<InspectedPlugin<S>> {
  const definition = checkDefinition(slot, name, await loadPluginModule(slot, name, source));
  return { definition, options: await resolvePluginOptions(definition, rawOptions) };
}
