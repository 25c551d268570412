import { z } from "zod";
import { DEFAULTED_SLOTS, type PluginDefaults } from "../registry/catalog.js";
import { configSchema } from "./config-schema.js";

/** z.int() says "at most Number.MAX_SAFE_INTEGER"; true, and noise in an editor's hover. */
const dropSafeIntegerBound = (ctx: { jsonSchema: { maximum?: unknown } }): void => {
  if (ctx.jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete ctx.jsonSchema.maximum;
};

interface SchemaNode {
  properties?: Record<string, SchemaNode & { default?: unknown }>;
}

/**
 * The JSON Schema editors use for completion and hover help (draft-07: what yaml-language-server
 * understands best). `io: "input"` describes what a person writes, so defaulted keys are optional.
 * The plugin defaults come from the catalog (core's schema names no plugin), so editors show the
 * defaults of the catalog that generated the file.
 */
export function configJsonSchema(defaults: PluginDefaults = {}): Record<string, unknown> {
  const schema = z.toJSONSchema(configSchema, {
    target: "draft-07",
    io: "input",
    override: dropSafeIntegerBound,
  });
  const keys = (schema as SchemaNode).properties?.["defaults"]?.properties ?? {};
  for (const slot of DEFAULTED_SLOTS) {
    const key = keys[slot];
    if (key !== undefined && defaults[slot] !== undefined) key.default = defaults[slot];
  }
  if (keys["notifiers"] !== undefined && defaults.notifiers !== undefined)
    keys["notifiers"].default = [...defaults.notifiers];
  return schema;
}

/** Exactly the bytes of schema/agent-orchestrator.schema.json (`npm run schema` writes it). */
export function renderConfigJsonSchema(defaults: PluginDefaults = {}): string {
  return `${JSON.stringify(configJsonSchema(defaults), null, 2)}\n`;
}
