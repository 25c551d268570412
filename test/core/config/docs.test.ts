import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { configJsonSchema } from "../../../src/core/config/json-schema.js";
import { DEFAULT_REACTIONS, TEMPLATE_PLACEHOLDERS } from "../../../src/core/config/default-reactions.js";

const DOC = readFileSync(new URL("../../../docs/configuration.md", import.meta.url), "utf8");

/** The cells of every Markdown table row (prettier pads them, so compare trimmed cells). */
const ROWS: string[][] = DOC.split("\n")
  .filter((line) => line.startsWith("|"))
  .map((line) =>
    line
      .slice(1, -1)
      .split("|")
      .map((cell) => cell.trim()),
  );

const documented = (name: string) => ROWS.some((cells) => cells[0] === `\`${name}\``);

interface JsonSchema {
  properties?: Record<string, JsonSchema>;
  additionalProperties?: JsonSchema | boolean;
  definitions?: Record<string, JsonSchema>;
}

const keysOf = (schema: JsonSchema | undefined): string[] => Object.keys(schema?.properties ?? {});

/** Every map of keys the schema defines, by section, so a new key cannot be added without its docs. */
function sections(): Record<string, string[]> {
  const root = configJsonSchema() as JsonSchema;
  const project = root.properties?.["projects"]?.additionalProperties as JsonSchema;
  return {
    "top level": keysOf(root),
    defaults: keysOf(root.properties?.["defaults"]),
    daemon: keysOf(root.properties?.["daemon"]),
    controlPlane: keysOf(root.properties?.["controlPlane"]),
    "project controlPlane": keysOf(project.properties?.["controlPlane"]),
    project: keysOf(project),
    agentConfig: keysOf(project.properties?.["agentConfig"]),
    notificationRouting: keysOf(root.properties?.["notificationRouting"]),
    "reaction keys": keysOf(root.properties?.["reactions"]),
    reaction: keysOf(root.definitions?.["reactionOverride"]),
  };
}

describe("docs/configuration.md", () => {
  for (const [section, keys] of Object.entries(sections())) {
    it(`documents every ${section} key of the schema`, () => {
      expect(keys.length).toBeGreaterThan(0);
      const missing = keys.filter((key) => !documented(key));
      expect(missing, `add a table row for these ${section} keys to docs/configuration.md`).toEqual([]);
    });
  }

  it("documents every message placeholder", () => {
    const missing = Object.keys(TEMPLATE_PLACEHOLDERS).filter((name) => !documented(`{{${name}}}`));
    expect(missing).toEqual([]);
  });

  it("shows the built-in reaction defaults as they are in the code", () => {
    for (const [key, r] of Object.entries(DEFAULT_REACTIONS)) {
      const expected = [
        `\`${key}\``,
        ...[r.auto, r.action, r.priority, r.retries, r.escalateAfter ?? "", r.threshold ?? ""].map(String),
      ];
      expect(ROWS, `docs/configuration.md "Built-in defaults" row for ${key}`).toContainEqual(expected);
    }
  });
});
