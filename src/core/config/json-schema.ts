import { z } from "zod";
import { configSchema } from "./config-schema.js";

/** z.int() says "at most Number.MAX_SAFE_INTEGER"; true, and noise in an editor's hover. */
const dropSafeIntegerBound = (ctx: { jsonSchema: { maximum?: unknown } }): void => {
  if (ctx.jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete ctx.jsonSchema.maximum;
};

/**
 * The JSON Schema editors use for completion and hover help (draft-07: what yaml-language-server
 * understands best). `io: "input"` describes what a person writes, so defaulted keys are optional.
 */
export function configJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(configSchema, {
    target: "draft-07",
    io: "input",
    override: dropSafeIntegerBound,
  });
}

/** Exactly the bytes of schema/agent-orchestrator.schema.json (`npm run schema` writes it). */
export function renderConfigJsonSchema(): string {
  return `${JSON.stringify(configJsonSchema(), null, 2)}\n`;
}
