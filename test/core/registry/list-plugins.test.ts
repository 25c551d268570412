import { describe, expect, it } from "vitest";
import { z } from "zod";
import { emptyCatalog, SLOTS, type PluginCatalog } from "../../../src/core/registry/catalog.js";
import { definePlugin } from "../../../src/core/registry/define-plugin.js";
import { groupBySlot, listPlugins } from "../../../src/core/registry/list-plugins.js";
import { FakeNotifier } from "../../fakes/notifier.js";

const desktop = definePlugin({
  slot: "notifier",
  name: "desktop",
  description: "desktop notifications",
  options: z.strictObject({}),
  create: () => new FakeNotifier(),
});

describe("listPlugins", () => {
  it("lists every built-in with its description, and a broken one with its error", async () => {
    const catalog: PluginCatalog = {
      ...emptyCatalog(),
      notifier: {
        webhook: () => Promise.reject(new Error("missing file")),
        desktop: () => Promise.resolve({ plugin: desktop }),
      },
    };
    expect(await listPlugins(catalog)).toEqual([
      { slot: "notifier", name: "desktop", description: "desktop notifications" },
      {
        slot: "notifier",
        name: "webhook",
        description: "",
        error: 'built-in notifier plugin "webhook" failed to load: missing file',
      },
    ]);
  });

  it("groups by slot, every slot present in order", () => {
    const grouped = groupBySlot([{ slot: "notifier", name: "desktop", description: "d" }]);
    expect(grouped.map((group) => group.slot)).toEqual([...SLOTS]);
    expect(grouped.find((group) => group.slot === "notifier")?.plugins).toEqual([
      { name: "desktop", description: "d" },
    ]);
    expect(grouped.find((group) => group.slot === "runtime")?.plugins).toEqual([]);
  });
});
