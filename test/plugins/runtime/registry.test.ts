import { describe, expect, it } from "vitest";
import { createPluginRegistry } from "../../../src/core/registry/plugin-registry.js";
import { builtinCatalog } from "../../../src/plugins/builtin-catalog.js";
import { makeTestContext } from "../../helpers/test-context.js";

describe("runtime plugins in the built-in catalog", () => {
  it.each(["tmux", "process"])("resolves runtime/%s with its default options", async (name) => {
    const registry = createPluginRegistry(makeTestContext({ catalog: builtinCatalog }));
    const runtime = await registry.resolve("runtime", name);
    for (const method of ["create", "liveness", "deliver", "capture", "stop"] as const) {
      expect(typeof runtime[method]).toBe("function");
    }
  });

  it("rejects options a runtime does not know, or values out of range", async () => {
    const registry = createPluginRegistry(makeTestContext({ catalog: builtinCatalog }));
    await expect(registry.resolve("runtime", "tmux", { widht: 100 })).rejects.toMatchObject({
      code: "E_PLUGIN_OPTIONS",
    });
    await expect(registry.resolve("runtime", "tmux", { width: 3 })).rejects.toMatchObject({
      code: "E_PLUGIN_OPTIONS",
    });
    await expect(registry.resolve("runtime", "process", { stopGraceMs: -1 })).rejects.toMatchObject({
      code: "E_PLUGIN_OPTIONS",
    });
  });
});
