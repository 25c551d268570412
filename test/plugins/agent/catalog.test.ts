import { describe, expect, it } from "vitest";
import { createPluginRegistry } from "../../../src/core/registry/plugin-registry.js";
import { builtinCatalog } from "../../../src/plugins/builtin-catalog.js";
import { makeTempDir } from "../../helpers/temp-dir.js";
import { makeTestContext } from "../../helpers/test-context.js";
import { launchInput } from "./fixtures.js";

describe("agent plugins in the built-in catalog", () => {
  const options: Record<string, unknown> = {
    command: { argv: ["my-agent", "{promptFile}"] },
    acp: { argv: ["my-acp-agent"] },
  };

  it.each(["claude-code", "codex", "aider", "opencode", "gemini", "command", "acp"])(
    "resolves %s through the registry",
    async (name) => {
      const registry = createPluginRegistry(makeTestContext({ catalog: builtinCatalog }));
      const agent = await registry.resolve("agent", name, options[name] ?? {});
      const spec = await agent.launch(launchInput(makeTempDir("ao-wt-")));
      expect(spec.argv.length).toBeGreaterThan(1);
    },
  );

  it("rejects unknown options the way every plugin does", async () => {
    const registry = createPluginRegistry(makeTestContext({ catalog: builtinCatalog }));
    await expect(registry.resolve("agent", "claude-code", { permisionMode: "plan" })).rejects.toThrow(
      /permisionMode/,
    );
  });
});
