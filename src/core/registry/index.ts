/** The plugin registry (docs/plugins.md): the slots, and the plugins found for each. */

// The slots and the catalog of built-in plugins.
export { SLOTS, type PluginCatalog } from "./catalog.js";

// `ao plugin ls`: every plugin a config can name, by slot.
export {
  groupBySlot,
  listExternalPlugins,
  listPlugins,
  type PluginListing,
  type SlotListing,
} from "./list-plugins.js";
