import { z } from "zod";
import { emptyCatalog, type PluginCatalog, type Slot } from "../../src/core/registry/catalog.js";
import { definePlugin, type PluginDefinition } from "../../src/core/registry/define-plugin.js";
import { builtinCatalog } from "../../src/plugins/builtin-catalog.js";
import type { SlotInterfaces } from "../../src/core/slots/index.js";

export type FakeInstances = { [S in Slot]?: SlotInterfaces[S] };

/**
 * A catalog that serves the given instances under the name `fake` (or `name`), so code that
 * resolves plugins through the registry (session manager, daemon) runs on fakes the test holds.
 */
export function makeFakeCatalog(instances: FakeInstances, name = "fake"): PluginCatalog {
  const catalog = emptyCatalog() as { [S in Slot]: Record<string, () => Promise<unknown>> };
  for (const slot of Object.keys(instances) as Slot[]) {
    const instance = instances[slot];
    if (instance === undefined) continue;
    const definition = fakeDefinition(slot, name, instance);
    catalog[slot] = { ...catalog[slot], [name]: () => Promise.resolve({ plugin: definition }) };
  }
  return { ...catalog, defaults: builtinCatalog.defaults };
}

function fakeDefinition<S extends Slot>(
  slot: S,
  name: string,
  instance: SlotInterfaces[S],
): PluginDefinition<S> {
  return definePlugin({
    slot,
    name,
    description: `in-memory ${slot} for tests`,
    options: z.strictObject({}),
    create: () => instance,
  });
}
