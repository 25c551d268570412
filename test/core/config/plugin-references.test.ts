import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../../src/core/config/load-config.js";
import { locateKeyPath } from "../../../src/core/config/locate-key-path.js";
import { listPluginReferences } from "../../../src/core/config/plugin-references.js";
import { makeTempDir } from "../../helpers/temp-dir.js";
import { builtinCatalog } from "../../../src/plugins/builtin-catalog.js";

const CONFIG = [
  "defaults:", //                                           1
  "  runtime: process", //                                  2
  "projects:", //                                           3
  "  app:", //                                              4
  "    repo: acme/app", //                                  5
  "    path: .", //                                         6
  "    agent: ./plugins/my-agent.js", //                    7
  "  ops:", //                                              8
  "    path: ops", //                                       9
  "    tracker:", //                                        10
  "      plugin: linear", //                                11
  "      teamId: ENG", //                                   12
  "    scm: github", //                                     13
  "notifiers:", //                                          14
  "  team-slack:", //                                       15
  "    plugin: slack", //                                   16
  "    webhookUrl: https://hooks.example/x", //             17
  "notificationRouting:", //                                18
  "  urgent: [desktop, team-slack, '@acme/ao-pager']", //   19
  "",
].join("\n");

async function loadFixture() {
  const dir = makeTempDir("ao-config-");
  const file = join(dir, "agent-orchestrator.yaml");
  writeFileSync(file, CONFIG);
  return { file, loaded: await loadConfig({ catalog: builtinCatalog, cwd: dir, env: {} }, {}) };
}

describe("listPluginReferences", () => {
  it("lists every reference after defaults, pointing at where each name is written", async () => {
    const { file, loaded } = await loadFixture();
    const at = (line: number, column: number) => ({ file, line, column });
    expect(await listPluginReferences(loaded)).toEqual([
      {
        slot: "runtime",
        name: "process",
        options: {},
        keyPath: ["projects", "app", "runtime"],
        location: at(2, 12),
      },
      {
        slot: "agent",
        name: "./plugins/my-agent.js",
        options: {},
        keyPath: ["projects", "app", "agent"],
        location: at(7, 12),
      },
      {
        slot: "workspace",
        name: "worktree",
        options: {},
        keyPath: ["projects", "app", "workspace"],
        location: undefined,
      },
      {
        slot: "terminal",
        name: "tmux-attach",
        options: {},
        keyPath: ["projects", "app", "terminal"],
        location: undefined,
      },
      {
        slot: "lifecycle",
        name: "core",
        options: {},
        keyPath: ["projects", "app", "lifecycle"],
        location: undefined,
      },
      {
        slot: "tracker",
        name: "github",
        options: {},
        keyPath: ["projects", "app", "tracker"],
        location: at(5, 11),
      },
      { slot: "scm", name: "github", options: {}, keyPath: ["projects", "app", "scm"], location: at(5, 11) },
      {
        slot: "runtime",
        name: "process",
        options: {},
        keyPath: ["projects", "ops", "runtime"],
        location: at(2, 12),
      },
      {
        slot: "agent",
        name: "claude-code",
        options: {},
        keyPath: ["projects", "ops", "agent"],
        location: undefined,
      },
      {
        slot: "workspace",
        name: "worktree",
        options: {},
        keyPath: ["projects", "ops", "workspace"],
        location: undefined,
      },
      {
        slot: "terminal",
        name: "tmux-attach",
        options: {},
        keyPath: ["projects", "ops", "terminal"],
        location: undefined,
      },
      {
        slot: "lifecycle",
        name: "core",
        options: {},
        keyPath: ["projects", "ops", "lifecycle"],
        location: undefined,
      },
      {
        slot: "tracker",
        name: "linear",
        options: { teamId: "ENG" },
        keyPath: ["projects", "ops", "tracker"],
        location: at(11, 15),
      },
      { slot: "scm", name: "github", options: {}, keyPath: ["projects", "ops", "scm"], location: at(13, 10) },
      {
        slot: "notifier",
        name: "slack",
        options: { webhookUrl: "https://hooks.example/x" },
        keyPath: ["notifiers", "team-slack"],
        location: at(16, 13),
      },
      {
        slot: "notifier",
        name: "desktop",
        options: {},
        keyPath: ["notificationRouting", "urgent", 0],
        location: at(19, 12),
      },
      {
        slot: "notifier",
        name: "@acme/ao-pager",
        options: {},
        keyPath: ["notificationRouting", "urgent", 2],
        location: at(19, 33),
      },
    ]);
  });

  it("lists the default desktop notifier for unrouted priorities, without a location", async () => {
    const dir = makeTempDir("ao-config-");
    writeFileSync(join(dir, "agent-orchestrator.yaml"), "projects:\n  app:\n    path: .\n");
    const loaded = await loadConfig({ catalog: builtinCatalog, cwd: dir, env: {} }, {});
    const notifiers = (await listPluginReferences(loaded)).filter((ref) => ref.slot === "notifier");
    expect(notifiers).toEqual([
      {
        slot: "notifier",
        name: "desktop",
        options: {},
        keyPath: ["defaults", "notifiers", 0],
        location: undefined,
      },
    ]);
  });
});

describe("locateKeyPath", () => {
  it("finds values and keys, and falls back to the nearest written ancestor", async () => {
    const { file, loaded } = await loadFixture();
    expect(await locateKeyPath(loaded, ["projects", "ops", "tracker", "teamId"])).toEqual({
      file,
      line: 12,
      column: 15,
    });
    expect(await locateKeyPath(loaded, ["projects", "ops", "tracker"], "key")).toEqual({
      file,
      line: 10,
      column: 5,
    });
    expect(await locateKeyPath(loaded, ["notificationRouting", "urgent", 1])).toEqual({
      file,
      line: 19,
      column: 21,
    });
    expect(await locateKeyPath(loaded, ["projects", "ops", "defaultBranch"])).toEqual({
      file,
      line: 8,
      column: 3,
    });
    expect(await locateKeyPath(loaded, ["nothing", "here"])).toEqual({ file, line: 1, column: 1 });
  });
});
