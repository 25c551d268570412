import { describe, expect, it } from "vitest";
import { createPluginRegistry } from "../../../src/core/registry/plugin-registry.js";
import { builtinCatalog } from "../../../src/plugins/builtin-catalog.js";
import { makeTestContext } from "../../helpers/test-context.js";

describe("built-in notifiers and lifecycle through the registry", () => {
  const registry = () =>
    createPluginRegistry(
      makeTestContext({ catalog: builtinCatalog, env: { AO_WEBHOOK_SECRET: "x".repeat(32) } }),
      { baseDir: "/" },
    );

  it.each([
    ["desktop", {}],
    ["slack", { webhookUrl: "https://hooks.slack.com/services/T/B/x" }],
    ["webhook", { url: "https://example.invalid/hooks/ao" }],
  ])("resolves notifier %s", async (name, options) => {
    const notifier = await registry().resolve("notifier", name, options);
    expect(typeof notifier.notify).toBe("function");
  });

  it("resolves lifecycle core", async () => {
    const lifecycle = await registry().resolve("lifecycle", "core");
    const decision = lifecycle.decide(
      { sessionId: "app-1", status: "spawning", reason: "spawning", since: 0 },
      { at: 1, liveness: { state: "alive" }, activity: { activity: "working" }, pr: null },
    );
    expect(decision.status).toBe("working");
  });

  it("reports a slack notifier whose webhook URL came out empty as an options error", async () => {
    await expect(registry().resolve("notifier", "slack", { webhookUrl: "" })).rejects.toMatchObject({
      code: "E_PLUGIN_OPTIONS",
    });
  });
});
