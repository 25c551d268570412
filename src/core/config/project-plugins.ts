import { DEFAULTED_SLOTS, type DefaultedSlot } from "../registry/catalog.js";
import type { PluginConfig, ProjectConfig } from "./types.js";

/**
 * The project keys that name a plugin, a name or `{ plugin, ...options }`, beside tracker and scm;
 * each falls back to `defaults.<slot>`, then to the plugin catalog's default.
 */
export const PROJECT_PLUGIN_SLOTS = DEFAULTED_SLOTS;

export type ProjectPluginSlot = DefaultedSlot;

/** The keys beside `plugin`: what the plugin's own schema validates. */
export function pluginOptions(config: PluginConfig): Record<string, unknown> {
  const { plugin: _plugin, ...options } = config;
  return options;
}

/**
 * The options the project's configuration gives for plugin `name` in `slot`, or undefined when the
 * project uses another plugin there: a session spawned with `--agent`, or one whose project has
 * changed its plugin since. Options written for one plugin never reach another.
 */
export function projectPluginOptions(
  project: ProjectConfig,
  slot: ProjectPluginSlot,
  name: string,
): Record<string, unknown> | undefined {
  const configured = project[slot];
  return configured.plugin === name ? pluginOptions(configured) : undefined;
}

/** `runtime:`, `agent:` or `workspace:` as a key anywhere on a line, with what follows it. */
const PLUGIN_KEY = /(?:^|[\s{,])["']?(?:runtime|agent|workspace)["']?\s*:(.*)$/gm;
/** A bare plugin name, optionally quoted, optionally followed by a comment. */
const PLAIN_NAME = /^\s*(["']?)[\w@./-]+\1\s*(?:#.*)?$/;

/**
 * Whether this configuration text may give options to a runtime, agent or workspace, judged without
 * parsing it: options need a map, and every such key here holds a plain name. Errs towards true
 * (anchors, aliases, flow maps, text that merely looks like a key), which only costs loading the file.
 * It lets `ao status` and `ao send` skip loading the configuration (and zod) when no option can exist.
 */
export function mayGivePluginOptions(text: string): boolean {
  for (const [, value] of text.matchAll(PLUGIN_KEY)) {
    if (!PLAIN_NAME.test(value ?? "")) return true;
  }
  return false;
}
