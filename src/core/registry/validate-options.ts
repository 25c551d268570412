import type { z } from "zod";
import { zodProblems } from "../zod-problems.js";
import { AoError } from "../errors.js";
import type { Slot } from "./catalog.js";
import type { PluginDefinition } from "./define-plugin.js";
import { isSchemaFactory, pluginOptionsSchema } from "./options-schema.js";

export interface OptionIssue {
  /** Where in the plugin's options, e.g. `retry.attempts` or `channels[1]`; `(options)` for the whole. */
  path: string;
  /** The same path as segments, to locate the option in the configuration file. */
  keyPath: (string | number)[];
  message: string;
  /** "key": the option's name is what is wrong (an unknown option), so messages point at the key. */
  at?: "key" | undefined;
}

/**
 * The options `create` gets. No options and declared `defaults` give a copy of the defaults without
 * building the schema (what `ao status` does with built-in plugins); anything else is validated.
 */
export async function resolvePluginOptions<S extends Slot, O>(
  definition: PluginDefinition<S, O>,
  rawOptions: unknown,
): Promise<O> {
  if (definition.defaults !== undefined && isEmpty(rawOptions)) return structuredClone(definition.defaults);
  return validatePluginOptions(definition, rawOptions, await pluginOptionsSchema<O>(definition));
}

function isEmpty(rawOptions: unknown): boolean {
  if (rawOptions === undefined || rawOptions === null) return true;
  return typeof rawOptions === "object" && !Array.isArray(rawOptions) && Object.keys(rawOptions).length === 0;
}

/**
 * Parses raw options (from YAML) with the plugin's schema; absent options are an empty object.
 * `schema` is needed when the definition builds its schema lazily (see `pluginOptionsSchema`).
 */
export function validatePluginOptions<S extends Slot, O>(
  definition: PluginDefinition<S, O>,
  rawOptions: unknown,
  schema: z.ZodType<O> = eagerSchema(definition),
): O {
  const result = schema.safeParse(rawOptions ?? {});
  if (result.success) return result.data;
  const issues: OptionIssue[] = result.error.issues.flatMap((issue) =>
    // An unknown option is one issue at its own key with a did-you-mean, as the configuration's keys are.
    issue.code === "unrecognized_keys"
      ? zodProblems([issue], rawOptions ?? {}, schema).map((problem) => ({
          path: formatKeyPath(problem.keyPath),
          keyPath: [...problem.keyPath],
          message: problem.message,
          at: "key" as const,
        }))
      : [
          {
            path: formatKeyPath(issue.path),
            keyPath: issue.path.map((key) => (typeof key === "symbol" ? key.toString() : key)),
            message: issue.message,
          },
        ],
  );
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

function eagerSchema<O>(definition: PluginDefinition<Slot, O>): z.ZodType<O> {
  const options = definition.options;
  if (!isSchemaFactory(options)) return options;
  throw new TypeError(
    `${definition.slot}/${definition.name} builds its options schema lazily: use resolvePluginOptions`,
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
