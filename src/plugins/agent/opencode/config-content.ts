import { AoError } from "../../../core/plugin-api.js";

/**
 * `OPENCODE_CONFIG_CONTENT` is a JSON config opencode merges over its config files (as local
 * config). ao sets it to add its turn plugin, so nothing is written to the person's opencode.json
 * or the repository's. A value the person already exports is kept and only gains the plugin.
 */
export const OPENCODE_CONFIG_ENV = "OPENCODE_CONFIG_CONTENT";

export function configContentWithPlugin(
  existing: string | undefined,
  pluginSpec: string,
  allowAll: boolean,
): string {
  const config = parseConfig(existing);
  const plugins = Array.isArray(config["plugin"]) ? (config["plugin"] as unknown[]) : [];
  const plugin = plugins.includes(pluginSpec) ? plugins : [...plugins, pluginSpec];
  return JSON.stringify({ ...config, plugin, ...(allowAll ? { permission: allowAllBut(config) } : {}) });
}

/**
 * `permissionless` for opencode: `--auto` does nothing in `--mini` (recorded: the permission dialog
 * still shows), a `"*": "allow"` permission rule does. The person's own rules come after it, so an
 * explicit deny of theirs still holds, as with `--auto` ("permissions that are not explicitly denied").
 */
export const OPENCODE_ALLOW_ALL = { "*": "allow" } as const;

function allowAllBut(config: Record<string, unknown>): Record<string, unknown> {
  const theirs = config["permission"];
  if (typeof theirs === "string") return { ...OPENCODE_ALLOW_ALL, "*": theirs };
  return { ...OPENCODE_ALLOW_ALL, ...(typeof theirs === "object" && theirs !== null ? theirs : {}) };
}

function parseConfig(existing: string | undefined): Record<string, unknown> {
  if (existing === undefined || existing.trim() === "") return {};
  try {
    const value: unknown = JSON.parse(existing);
    if (typeof value === "object" && value !== null && !Array.isArray(value)) {
      return value as Record<string, unknown>;
    }
  } catch {
    // reported below
  }
  throw new AoError("E_PLUGIN_FAILED", `${OPENCODE_CONFIG_ENV} in ao's environment is not a JSON object`, {
    hint: `fix or unset ${OPENCODE_CONFIG_ENV}: ao adds its turn plugin to it when it starts opencode`,
  });
}
