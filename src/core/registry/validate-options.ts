import { AoError } from "../errors.js";
import type { Slot } from "./catalog.js";
import type { PluginDefinition } from "./define-plugin.js";

export interface OptionIssue {
  /** Where in the plugin's options, e.g. `retry.attempts` or `channels[1]`; `(options)` for the whole. */
  path: string;
  /** The same path as segments, to locate the option in the configuration file. */
  keyPath: (string | number)[];
  message: string;
}

/** Parses raw options (from YAML) with the plugin's schema; absent options are an empty object. */
export function validatePluginOptions<S extends Slot, O>(
  definition: PluginDefinition<S, O>,
  rawOptions: unknown,
): O {
  const result = definition.options.safeParse(rawOptions ?? {});
  if (result.success) return result.data;
  const issues: OptionIssue[] = result.error.issues.map((issue) => ({
    path: formatKeyPath(issue.path),
    keyPath: issue.path.map((key) => (typeof key === "symbol" ? key.toString() : key)),
    message: issue.message,
  }));
  const listed = issues.map((issue) => `${issue.path}: ${issue.message}`).join("; ");
  throw new AoError(
    "E_PLUGIN_OPTIONS",
    `invalid options for ${definition.slot} plugin "${definition.name}": ${listed}`,
    {
      hint: `fix the ${definition.slot} plugin's options in the configuration (ao plugin ls lists plugins; docs/plugins.md)`,
      details: { slot: definition.slot, plugin: definition.name, issues },
    },
  );
}

function formatKeyPath(path: readonly PropertyKey[]): string {
  if (path.length === 0) return "(options)";
  return path
    .map((key, i) =>
      typeof key === "number"
        ? `[${key}]`
        : `${i === 0 ? "" : "."}${typeof key === "symbol" ? key.toString() : key}`,
    )
    .join("");
}
