import { describe, expect, it } from "vitest";
import { z } from "zod";
import { emptyCatalog, SLOTS, type PluginCatalog } from "../../../src/core/registry/catalog.js";
import { definePlugin } from "../../../src/core/registry/define-plugin.js";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { groupBySlot, listExternalPlugins, listPlugins } from "../../../src/core/registry/list-plugins.js";
import { FakeNotifier } from "../../fakes/notifier.js";
import { makeTempDir } from "../../helpers/temp-dir.js";

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
      { slot: "notifier", name: "desktop", description: "desktop notifications", origin: "built-in" },
      {
        slot: "notifier",
        name: "webhook",
        description: "",
        origin: "built-in",
        error: 'built-in notifier plugin "webhook" failed to load: missing file',
      },
    ]);
  });

  it("groups by slot, every slot present in order", () => {
    const grouped = groupBySlot([
      { slot: "notifier", name: "desktop", description: "d", origin: "built-in" },
    ]);
    expect(grouped.map((group) => group.slot)).toEqual([...SLOTS]);
    expect(grouped.find((group) => group.slot === "notifier")?.plugins).toEqual([
      { name: "desktop", description: "d", origin: "built-in" },
    ]);
    expect(grouped.find((group) => group.slot === "runtime")?.plugins).toEqual([]);
  });
});

/** A local plugin module that imports nothing (its schema is duck-typed). */
const LOCAL_NOTIFIER = `export const plugin = {
  slot: "notifier",
  name: "file-log",
  description: "appends notifications to a file",
  options: { safeParse: (value) => ({ success: true, data: value }) },
  create: () => ({ notify: async () => {} }),
};
`;

describe("listExternalPlugins", () => {
  it("lists each non-built-in name once per slot, loaded from the base directory, with its origin", async () => {
    const baseDir = makeTempDir("ao-config-dir-");
    writeFileSync(join(baseDir, "file-log.mjs"), LOCAL_NOTIFIER);
    const catalog: PluginCatalog = {
      ...emptyCatalog(),
      notifier: { desktop: () => Promise.resolve({ plugin: desktop }) },
    };
    const references = [
      { slot: "notifier" as const, name: "desktop" },
      { slot: "notifier" as const, name: "./file-log.mjs" },
      { slot: "notifier" as const, name: "./file-log.mjs" },
      { slot: "agent" as const, name: "ao-agent-nowhere" },
    ];
    const listed = await listExternalPlugins(catalog, references, baseDir);
    expect(listed).toEqual([
      {
        slot: "notifier",
        name: "./file-log.mjs",
        description: "appends notifications to a file",
        origin: "file",
      },
      {
        slot: "agent",
        name: "ao-agent-nowhere",
        description: "",
        origin: "package",
        error: expect.stringMatching(/^unknown agent plugin "ao-agent-nowhere"/) as unknown,
      },
    ]);
  });
});
