import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { renderConfigJsonSchema } from "../../../src/core/config/json-schema.js";
import { builtinCatalog } from "../../../src/plugins/builtin-catalog.js";

const COMMITTED = new URL("../../../schema/agent-orchestrator.schema.json", import.meta.url);
const EXAMPLE = new URL("../../../agent-orchestrator.yaml.example", import.meta.url);

describe("schema/agent-orchestrator.schema.json", () => {
  it("is exactly what the zod schema generates", () => {
    expect(
      readFileSync(COMMITTED, "utf8") === renderConfigJsonSchema(builtinCatalog.defaults),
      "schema/agent-orchestrator.schema.json is out of date: run `npm run schema` and commit the result",
    ).toBe(true);
  });

  it("describes the keys editors complete, with defaults and descriptions", () => {
    const schema = JSON.parse(renderConfigJsonSchema()) as {
      $schema: string;
      additionalProperties: boolean;
      properties: Record<string, { description?: string; default?: unknown }>;
    };
    expect(schema.$schema).toBe("http://json-schema.org/draft-07/schema#");
    expect(schema.additionalProperties).toBe(false);
    expect(schema.properties["port"]).toMatchObject({
      default: 3000,
      minimum: 0,
      description: expect.any(String) as string,
    });
    expect(schema.properties["daemon"]).toMatchObject({
      properties: {
        pollInterval: { default: "30s" },
        webhookSecretEnv: { default: "AO_GITHUB_WEBHOOK_SECRET", pattern: "^[A-Za-z_][A-Za-z0-9_]*$" },
        stopTimeout: { default: "30s" },
      },
    });
  });

  it("is the schema the example file points editors at", () => {
    const firstLine = readFileSync(EXAMPLE, "utf8").split("\n")[0];
    expect(firstLine).toBe("# yaml-language-server: $schema=./schema/agent-orchestrator.schema.json");
  });
});
