import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../../src/core/config/load-config.js";
import { listPluginReferences } from "../../../src/core/config/plugin-references.js";
import { positionPluginOptionsError } from "../../../src/core/config/plugin-options-error.js";
import { mayGivePluginOptions, projectPluginOptions } from "../../../src/core/config/project-plugins.js";
import { AoError, isAoError } from "../../../src/core/errors.js";
import { makeTempDir } from "../../helpers/temp-dir.js";
import { builtinCatalog } from "../../../src/plugins/builtin-catalog.js";

const CONFIG = [
  "defaults:", //                                             1
  "  runtime: process", //                                    2
  "projects:", //                                             3
  "  app:", //                                                4
  "    path: .", //                                           5
  "    agent:", //                                            6
  "      plugin: command", //                                 7
  '      argv: [my-agent, "{promptFile}"]', //                8
  "    runtime: {plugin: tmux, width: 120}", //               9
  "    workspace: clone", //                                  10
  "  web:", //                                                11
  "    path: web", //                                         12
  "",
].join("\n");

async function load(text = CONFIG) {
  const dir = makeTempDir("ao-config-");
  writeFileSync(join(dir, "agent-orchestrator.yaml"), text);
  return { dir, loaded: await loadConfig({ catalog: builtinCatalog, cwd: dir, env: {} }, {}) };
}

describe("projects' runtime, agent and workspace", () => {
  it("take a name or {plugin, ...options}; a project without one gets the default name, no options", async () => {
    const { config } = (await load()).loaded;
    expect(config.projects["app"]).toMatchObject({
      agent: { plugin: "command", argv: ["my-agent", "{promptFile}"] },
      runtime: { plugin: "tmux", width: 120 },
      workspace: { plugin: "clone" },
    });
    expect(config.projects["web"]).toMatchObject({
      agent: { plugin: "claude-code" },
      runtime: { plugin: "process" },
      workspace: { plugin: "worktree" },
    });
    expect(config.defaults).toMatchObject({ runtime: "process", agent: "claude-code" });
  });

  it("gives options only to the plugin they were written for", async () => {
    const app = (await load()).loaded.config.projects["app"]!;
    expect(projectPluginOptions(app, "agent", "command")).toEqual({ argv: ["my-agent", "{promptFile}"] });
    expect(projectPluginOptions(app, "runtime", "tmux")).toEqual({ width: 120 });
    expect(projectPluginOptions(app, "workspace", "clone")).toEqual({});
    expect(projectPluginOptions(app, "agent", "codex")).toBeUndefined();
  });

  it("lists the options with each reference, for doctor to validate", async () => {
    const references = (await listPluginReferences((await load()).loaded)).filter(
      (r) => r.keyPath[1] === "app",
    );
    expect(references.slice(0, 3)).toMatchObject([
      { slot: "runtime", name: "tmux", options: { width: 120 }, location: { line: 9 } },
      {
        slot: "agent",
        name: "command",
        options: { argv: ["my-agent", "{promptFile}"] },
        location: { line: 7 },
      },
      { slot: "workspace", name: "clone", options: {}, location: { line: 10 } },
    ]);
  });

  it("rejects a map without `plugin` and a defaults entry with options, with line:column", async () => {
    const text =
      "defaults:\n  agent: {plugin: command}\nprojects:\n  app:\n    path: .\n    runtime: {plugn: tmux}\n";
    const error = await load(text).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    if (!isAoError(error)) throw new Error("expected an AoError");
    const issues = (error.details as { issues: { line: number; column: number; path: string }[] }).issues;
    expect(issues.map((issue) => `${issue.line}:${issue.column} ${issue.path}`)).toEqual([
      "2:10 defaults.agent",
      "6:5 projects.app.runtime.plugin",
    ]);
  });
});

describe("positionPluginOptionsError", () => {
  it("points each option the plugin rejects at its place in the file", async () => {
    const { dir, loaded } = await load();
    const registryError = new AoError("E_PLUGIN_OPTIONS", 'invalid options for agent plugin "command": …', {
      hint: "fix the agent plugin's options",
      details: {
        slot: "agent",
        plugin: "command",
        issues: [
          { path: "argv[1]", keyPath: ["argv", 1], message: "bad placeholder" },
          { path: "idlePattern", keyPath: ["idlePattern"], message: "required" },
        ],
      },
    });
    const positioned = await positionPluginOptionsError(
      loaded,
      ["projects", "app", "agent"],
      registryError,
      dir,
    );
    expect(positioned).toMatchObject({ code: "E_PLUGIN_OPTIONS", exitCode: 2, hint: registryError.hint });
    expect((positioned as Error).message.split("\n")).toEqual([
      'invalid options for agent plugin "command" at projects.app.agent (2 problems):',
      "  agent-orchestrator.yaml:8:24 projects.app.agent.argv[1]: bad placeholder",
      // a missing option points at the key of the map it belongs in
      "  agent-orchestrator.yaml:6:5 projects.app.agent.idlePattern: required",
    ]);
  });

  it("passes any other error through untouched", async () => {
    const { dir, loaded } = await load();
    const other = new AoError("E_PLUGIN_UNKNOWN", "unknown agent plugin");
    expect(await positionPluginOptionsError(loaded, ["projects", "app", "agent"], other, dir)).toBe(other);
  });
});

describe("mayGivePluginOptions", () => {
  it("is false when every runtime, agent and workspace is a plain name", () => {
    const text = [
      "defaults:",
      "  agent: claude-code # the default",
      "projects:",
      "  app:",
      "    runtime: tmux",
      "    agent: 'codex'",
      "    workspace: ./plugins/ws.js",
      "    agentConfig: {permissions: default}",
      "    tracker: {plugin: linear, teamId: ENG}",
    ].join("\n");
    expect(mayGivePluginOptions(text)).toBe(false);
  });

  it.each([
    ["a block map", "    agent:\n      plugin: command\n"],
    ["a flow map", "    runtime: {plugin: tmux, width: 80}\n"],
    ["a flow project", "  app: {path: ., workspace: {plugin: clone}}\n"],
    ["an alias", "    agent: *shared\n"],
    ["an anchor", "    agent: &shared\n      plugin: command\n"],
  ])("is true for %s", (_name, text) => {
    expect(mayGivePluginOptions(`projects:\n  app:\n    path: .\n${text}`)).toBe(true);
  });
});
