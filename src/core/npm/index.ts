/** The npm registry, as `ao plugin search` asks it for ao plugins. */

// Plugins found on npm.
export { searchPlugins, type FoundPlugin } from "./search-plugins.js";
