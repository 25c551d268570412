/** `ao plugin create|install` (docs/plugins.md): a new plugin's package, and a plugin installed. */

// A plugin package scaffolded from a template.
export { createPlugin } from "./create-plugin.js";

// A plugin installed into the config's plugin folder.
export { installPlugin } from "./install-plugin.js";
