import type { z } from "zod";
import { AoError } from "../errors.js";
import type { PluginDefinition, PluginOptionsSchema } from "./define-plugin.js";
import { asPluginError } from "./wrap-plugin.js";

type SchemaSource = Pick<PluginDefinition, "slot" | "name" | "options">;
type SchemaFactory<O> = () => z.ZodType<O> | Promise<z.ZodType<O>>;

/** One build per factory, shared by every registry the process opens (a daemon opens many). */
const built = new WeakMap<SchemaFactory<unknown>, Promise<z.ZodType>>();

/** The plugin's options schema; a factory runs on this first call and is remembered. */
export function pluginOptionsSchema<O>(definition: SchemaSource): Promise<z.ZodType<O>> {
  const options = definition.options as PluginOptionsSchema<O>;
  if (!isSchemaFactory(options)) return Promise.resolve(options);
  let schema = built.get(options);
  if (schema === undefined) {
    schema = Promise.resolve()
      .then(options)
      .then(
        (result) => checked(definition, result),
        // A broken `import()` in an external plugin is the plugin's failure, not a bug in ao.
        (error: unknown) =>
          Promise.reject(asPluginError(error, `${definition.slot}/${definition.name}.options`)),
      );
    built.set(options, schema);
    // A factory that failed (say, a broken install) is asked again next time, not remembered failing.
    schema.catch(() => built.delete(options));
  }
  return schema as Promise<z.ZodType<O>>;
}

/** zod schemas are objects, never functions, so a function in `options` is a factory. */
export function isSchemaFactory<O>(options: PluginOptionsSchema<O>): options is SchemaFactory<O> {
  return typeof options === "function";
}

function checked(definition: SchemaSource, result: unknown): z.ZodType {
  if (typeof (result as { safeParse?: unknown } | null)?.safeParse === "function") return result as z.ZodType;
  const label = `${definition.slot} plugin "${definition.name}"`;
  throw new AoError(
    "E_PLUGIN_INVALID",
    `${label} is not a valid plugin: \`options()\` did not return a zod schema`,
    {
      hint: "`options` is a zod schema or a function returning one (or a promise of one) (docs/plugins.md)",
      details: { slot: definition.slot, plugin: definition.name },
    },
  );
}
