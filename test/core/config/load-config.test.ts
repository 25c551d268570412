import { copyFileSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DEFAULT_REACTIONS } from "../../../src/core/config/default-reactions.js";
import { loadConfig } from "../../../src/core/config/load-config.js";
import { isAoError, type AoError } from "../../../src/core/errors.js";
import { emptyCatalog } from "../../../src/core/registry/catalog.js";
import { makeTempDir } from "../../helpers/temp-dir.js";
import { builtinCatalog } from "../../../src/plugins/builtin-catalog.js";

const FIXTURES = new URL("../../fixtures/config/", import.meta.url);
const EXAMPLE = new URL("../../../agent-orchestrator.yaml.example", import.meta.url);

function writeConfig(text: string, name = "agent-orchestrator.yaml"): { dir: string; file: string } {
  const dir = makeTempDir("ao-config-");
  writeFileSync(join(dir, name), text);
  return { dir, file: join(dir, name) };
}

async function loadError(promise: Promise<unknown>): Promise<AoError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!isAoError(error)) throw new Error(`expected an AoError, got ${String(error)}`);
  return error;
}

interface Issue {
  line: number;
  column: number;
  path: string;
  message: string;
}

const issuesOf = (error: AoError) => (error.details as { issues: Issue[] }).issues;

describe("loadConfig: the example and a full multi-project file", () => {
  it("loads agent-orchestrator.yaml.example through the real loader", async () => {
    const dir = makeTempDir("ao-config-");
    copyFileSync(EXAMPLE, join(dir, "agent-orchestrator.yaml"));
    const loaded = await loadConfig({ catalog: builtinCatalog, cwd: dir, env: { HOME: dir } }, {});
    const app = loaded.config.projects["app"]!;
    expect(loaded.path).toBe(join(dir, "agent-orchestrator.yaml"));
    expect(loaded.config.port).toBe(3000);
    expect(loaded.config.daemon).toEqual({
      pollIntervalMs: 30_000,
      webhookSecretEnv: "AO_GITHUB_WEBHOOK_SECRET",
      stopTimeoutMs: 30_000,
      watchFiles: true,
    });
    expect(app.path).toBe(dir);
    expect(app.tracker).toEqual({ plugin: "github" });
    expect(app.agentConfig).toEqual({ permissions: "default", model: "sonnet", autoAllow: [] });
    expect(app.reactions["approved-and-green"].action).toBe("auto-merge");
    expect(app.reactions["ci-failed"].retries).toBe(3);
  });

  it("validates GitHub + Linear projects, a Slack notifier, routing and reaction overrides", async () => {
    const home = makeTempDir("ao-home-");
    const { dir } = writeConfig("");
    copyFileSync(new URL("multi-project.yaml", FIXTURES), join(dir, "agent-orchestrator.yaml"));
    const env = { HOME: home, SLACK_WEBHOOK_URL: "https://hooks.slack.com/services/T1/B2/secret" };
    const { config } = await loadConfig({ catalog: builtinCatalog, cwd: dir, env }, {});

    expect(Object.keys(config.projects)).toEqual(["app", "Billing_Service"]);
    const app = config.projects["app"]!;
    const billing = config.projects["Billing_Service"]!;
    expect(app).toMatchObject({
      id: "app",
      path: join(dir, "app"),
      defaultBranch: "main",
      sessionPrefix: "app",
      runtime: { plugin: "tmux" },
      agent: { plugin: "codex" },
      workspace: { plugin: "worktree" },
      tracker: { plugin: "github" },
      scm: { plugin: "github" },
      symlinks: ["node_modules"],
      copy: [".env"],
      postCreate: ["npm ci"],
      agentConfig: { permissions: "default" },
    });
    expect(billing).toMatchObject({
      path: join(home, "code", "billing"),
      defaultBranch: "trunk",
      sessionPrefix: "billing-service",
      agent: { plugin: "claude-code" },
      tracker: { plugin: "linear", team: "ENG" },
      scm: { plugin: "github" },
      agentConfig: { permissions: "permissionless", model: "opus" },
      agentRulesFile: join(home, "code", "billing", "docs", "rules.md"),
      maxSessions: 2,
    });
    expect(config.notifiers["team-slack"]).toEqual({ plugin: "slack", webhookUrl: env.SLACK_WEBHOOK_URL });
    expect(config.notificationRouting).toEqual({
      urgent: ["desktop", "team-slack"],
      action: ["team-slack"],
      warning: ["desktop"],
      info: ["desktop"],
    });
    expect(config).toMatchObject({ port: 4000, maxSessions: 6 });
  });

  it("merges reactions key by key: built-in ← top-level ← project", async () => {
    const { dir } = writeConfig("");
    copyFileSync(new URL("multi-project.yaml", FIXTURES), join(dir, "agent-orchestrator.yaml"));
    const { config } = await loadConfig(
      { catalog: builtinCatalog, cwd: dir, env: { HOME: dir, SLACK_WEBHOOK_URL: "x" } },
      {},
    );
    const builtIn = DEFAULT_REACTIONS["ci-failed"];

    // top-level `retries: 3` keeps the default action, message and priority
    expect(config.reactions["ci-failed"]).toEqual({ ...builtIn, retries: 3 });
    expect(config.projects["Billing_Service"]!.reactions["ci-failed"]).toEqual({ ...builtIn, retries: 3 });
    // the project's own `retries: 5` wins over the top level
    expect(config.projects["app"]!.reactions["ci-failed"]).toEqual({ ...builtIn, retries: 5 });
    expect(config.projects["app"]!.reactions["approved-and-green"]).toEqual({
      ...DEFAULT_REACTIONS["approved-and-green"],
      action: "auto-merge",
    });
    expect(config.reactions["agent-stuck"].threshold).toBe("20m");
    expect(config.reactions["changes-requested"]).toEqual(DEFAULT_REACTIONS["changes-requested"]);
  });
});

describe("loadConfig: defaults and paths", () => {
  it("applies every default to a minimal file", async () => {
    const { dir } = writeConfig("projects:\n  web:\n    path: .\n");
    const { config } = await loadConfig({ catalog: builtinCatalog, cwd: dir, env: {} }, {});
    expect(config.port).toBe(3000);
    expect(config.maxSessions).toBeUndefined();
    expect(config.defaults).toEqual({
      runtime: "tmux",
      agent: "claude-code",
      workspace: "worktree",
      terminal: "tmux-attach",
      lifecycle: "core",
      notifiers: ["desktop"],
    });
    expect(config.projects["web"]!.tracker).toBeUndefined();
    expect(config.projects["web"]!.scm).toBeUndefined();
    expect(config.notificationRouting.urgent).toEqual(["desktop"]);
    expect(config.projects["web"]!.reactions).toEqual(DEFAULT_REACTIONS);
  });

  it("resolves relative paths against the config file and ~ against HOME from the context", async () => {
    const home = makeTempDir("ao-home-");
    const { dir } = writeConfig(
      'projects:\n  a:\n    path: ../sibling\n  b:\n    path: ~/src/b\n  c:\n    path: "~"\n  d:\n    path: /opt/d\n',
    );
    mkdirSync(join(dir, "elsewhere"));
    // cwd deliberately differs from the file's directory: relative paths follow the file
    const { config } = await loadConfig(
      { catalog: builtinCatalog, cwd: join(dir, "elsewhere"), env: { HOME: home } },
      {
        configPath: join(dir, "agent-orchestrator.yaml"),
      },
    );
    expect(config.projects["a"]!.path).toBe(join(dir, "..", "sibling"));
    expect(config.projects["b"]!.path).toBe(join(home, "src", "b"));
    expect(config.projects["c"]!.path).toBe(home);
    expect(config.projects["d"]!.path).toBe("/opt/d");
  });

  it("explains that an unquoted ~ is null in YAML", async () => {
    const { dir } = writeConfig("projects:\n  a:\n    path: ~\n");
    const error = await loadError(loadConfig({ catalog: builtinCatalog, cwd: dir, env: { HOME: dir } }, {}));
    expect(error.message).toContain(
      "projects.a.path: expected a string, got nothing (an empty value, null, or an unquoted ~)",
    );
  });

  it("supports YAML anchors and merge keys to share project settings", async () => {
    const { dir } = writeConfig(
      "projects:\n  app: &base\n    path: .\n    agent: codex\n  web:\n    <<: *base\n    path: web\n    sessionPrefix: web\n",
    );
    const { config } = await loadConfig({ catalog: builtinCatalog, cwd: dir, env: {} }, {});
    expect(config.projects["web"]).toMatchObject({
      agent: { plugin: "codex" },
      path: join(dir, "web"),
      sessionPrefix: "web",
    });
  });

  it("reports ~ without HOME as a positioned error", async () => {
    const { dir } = writeConfig("projects:\n  a:\n    path: ~/x\n");
    const error = await loadError(loadConfig({ catalog: builtinCatalog, cwd: dir, env: {} }, {}));
    expect(error.code).toBe("E_CONFIG_INVALID");
    expect(error.message).toContain(
      "agent-orchestrator.yaml:3:11 projects.a.path: uses ~ but HOME is not set",
    );
  });
});

describe("loadConfig: errors", () => {
  it("collects every schema problem with line:column, key path and did-you-mean", async () => {
    const { dir } = writeConfig(
      [
        "port: 99999",
        "projects:",
        "  app:",
        "    path: .",
        "    defaultBrnach: main",
        "    maxSessions: three",
        "    agentConfig:",
        "      permissions: permisionless",
        "    tracker: {plugn: github}",
        "  web:",
        "    repo: not-a-repo",
        "reactions:",
        "  ci-faild: {retries: 1}",
        "  agent-stuck: {threshold: 10 minutes}",
        "",
      ].join("\n"),
    );
    const error = await loadError(loadConfig({ catalog: builtinCatalog, cwd: dir, env: {} }, {}));
    expect(error.code).toBe("E_CONFIG_INVALID");
    expect(error.exitCode).toBe(2);
    expect(issuesOf(error).map((i) => `${i.line}:${i.column} ${i.path}: ${i.message}`)).toEqual([
      "1:7 port: must be at most 65535",
      '5:5 projects.app.defaultBrnach: unknown key (did you mean "defaultBranch"?)',
      '6:18 projects.app.maxSessions: expected a number, got the string "three"',
      '8:20 projects.app.agentConfig.permissions: expected one of "default", "permissionless" (did you mean "permissionless"?)',
      '9:5 projects.app.tracker.plugin: required key is missing (expected a string); is "plugn" a typo of it?',
      "10:3 projects.web.path: required key is missing (expected a string)",
      "11:11 projects.web.repo: expected owner/repo, e.g. acme/widgets",
      '13:3 reactions.ci-faild: unknown key (did you mean "ci-failed"?)',
      "14:28 reactions.agent-stuck.threshold: expected a duration such as 45s, 30m, 2h or 1d",
    ]);
    expect(error.message.split("\n")[0]).toBe("invalid configuration (9 problems):");
    expect(error.message).toContain(
      '  agent-orchestrator.yaml:5:5 projects.app.defaultBrnach: unknown key (did you mean "defaultBranch"?)',
    );
  });

  it("reports YAML syntax errors with their position", async () => {
    const { dir } = writeConfig("projects:\n  app:\n    path: .\n    symlinks: [a, b\n  web: {}\n");
    const error = await loadError(loadConfig({ catalog: builtinCatalog, cwd: dir, env: {} }, {}));
    expect(error.code).toBe("E_CONFIG_INVALID");
    const [first] = issuesOf(error);
    expect(first).toMatchObject({ line: 5, column: 3, path: "" });
    expect(first!.message).toMatch(/^YAML syntax: /);
    expect(error.message).toContain("agent-orchestrator.yaml:5:3: YAML syntax:");
  });

  it("reports one tab as one problem, with a hint about the syntax, not about keys (issue 18)", async () => {
    const { dir } = writeConfig("projects:\n  app:\n\tpath: .\n    defaultBranch: main\n");
    const error = await loadError(loadConfig({ catalog: builtinCatalog, cwd: dir, env: {} }, {}));
    expect(issuesOf(error)).toEqual([
      expect.objectContaining({
        line: 3,
        column: 1,
        message: "YAML syntax: tabs are not allowed as indentation",
      }),
    ]);
    expect(error.hint).toContain("fix the YAML syntax at the place above");
    expect(error.hint).not.toContain("keys listed above");
  });

  it("reports what a tab makes the parser misread on later lines as nothing more (issue 18)", async () => {
    const text = "projects:\n  app:\n\t  path: .\n    agent: codex\n  web:\n\tpath: b\n";
    const { dir } = writeConfig(text);
    const error = await loadError(loadConfig({ catalog: builtinCatalog, cwd: dir, env: {} }, {}));
    expect(issuesOf(error).map((issue) => `${issue.line}:${issue.column} ${issue.message}`)).toEqual([
      "3:1 YAML syntax: tabs are not allowed as indentation",
      "6:1 YAML syntax: tabs are not allowed as indentation",
    ]);
  });

  it("reports duplicate keys as syntax errors", async () => {
    const { dir } = writeConfig("projects:\n  app:\n    path: .\n    path: ..\n");
    const error = await loadError(loadConfig({ catalog: builtinCatalog, cwd: dir, env: {} }, {}));
    expect(issuesOf(error)[0]).toMatchObject({ line: 4, column: 5 });
    expect(issuesOf(error)[0]!.message).toContain("unique");
  });

  it("rejects an empty file and a file without projects", async () => {
    const empty = writeConfig("# nothing yet\n");
    const error = await loadError(loadConfig({ catalog: builtinCatalog, cwd: empty.dir, env: {} }, {}));
    expect(error.message).toContain("agent-orchestrator.yaml:1:1: the file is empty");

    const none = writeConfig("port: 3000\nprojects: {}\n");
    const noProjects = await loadError(loadConfig({ catalog: builtinCatalog, cwd: none.dir, env: {} }, {}));
    expect(issuesOf(noProjects)).toEqual([
      expect.objectContaining({
        line: 2,
        column: 1,
        path: "projects",
        message: expect.stringContaining("no projects") as string,
      }),
    ]);
  });

  it("accepts mergeQueue.batch (whether the scm can batch is asked when an entry is queued)", async () => {
    const local = writeConfig(
      "projects:\n  app:\n    path: a\n    scm:\n      plugin: local\n    mergeQueue:\n      batch: 3\n",
    );
    const loaded = await loadConfig({ catalog: builtinCatalog, cwd: local.dir, env: {} }, {});
    expect(loaded.config.projects["app"]?.mergeQueue).toEqual({ update: "rebase", batch: 3 });
  });

  it("rejects two projects with the same session prefix, pointing at the second", async () => {
    const { dir } = writeConfig(
      "projects:\n  app:\n    path: a\n  App:\n    path: b\n  web:\n    path: c\n    sessionPrefix: app\n",
    );
    const error = await loadError(loadConfig({ catalog: builtinCatalog, cwd: dir, env: {} }, {}));
    expect(issuesOf(error).map((i) => `${i.line}:${i.column} ${i.path}`)).toEqual([
      "4:3 projects.App",
      "8:20 projects.web.sessionPrefix",
    ]);
    expect(issuesOf(error)[0]!.message).toContain('session prefix "app" is already used by project "app"');
  });

  it("checks routed notifier names and message placeholders", async () => {
    const { dir } = writeConfig(
      [
        "projects:",
        "  app:",
        "    path: .",
        "    reactions:",
        '      pr-closed: {message: "{{pr.ulr}} closed"}',
        "notifiers:",
        "  team-slack: {plugin: slack}",
        "defaults:",
        "  notifiers: [team-slak]",
        "notificationRouting:",
        "  urgent: [desktop, team-slack, pagerduty-plugin]",
        "",
      ].join("\n"),
    );
    const error = await loadError(loadConfig({ catalog: builtinCatalog, cwd: dir, env: {} }, {}));
    expect(issuesOf(error).map((i) => `${i.line}:${i.column} ${i.path}: ${i.message}`)).toEqual([
      "5:28 projects.app.reactions.pr-closed.message: unknown placeholder {{pr.ulr}} (did you mean {{pr.url}}?)",
      '9:15 defaults.notifiers[0]: unknown notifier "team-slak" (did you mean "team-slack"?)',
    ]);
  });

  it("rejects unsafe ids and paths that escape the repository", async () => {
    const { dir } = writeConfig(
      "projects:\n  ../evil:\n    path: .\n  ok:\n    path: .\n    symlinks: [../outside, /etc]\n",
    );
    const error = await loadError(loadConfig({ catalog: builtinCatalog, cwd: dir, env: {} }, {}));
    expect(issuesOf(error).map((i) => `${i.line}:${i.column} ${i.path}`)).toEqual([
      '2:3 projects."../evil"',
      "6:16 projects.ok.symlinks[0]",
      "6:28 projects.ok.symlinks[1]",
    ]);
  });
});

describe("loadConfig: plugin defaults come from the catalog, not from core's schema", () => {
  const MINIMAL = "projects:\n  web:\n    path: .\n    repo: acme/web\n";

  it("takes every default from the catalog it is given", async () => {
    const { dir } = writeConfig(MINIMAL);
    const catalog = {
      ...emptyCatalog(),
      defaults: {
        runtime: "r1",
        agent: "a1",
        workspace: "w1",
        terminal: "t1",
        lifecycle: "l1",
        notifiers: ["n1"],
        withRepo: { tracker: "hosted-tracker", scm: "hosted-scm" },
      },
    };
    const { config } = await loadConfig({ catalog, cwd: dir, env: {} }, {});
    expect(config.projects["web"]).toMatchObject({
      runtime: { plugin: "r1" },
      agent: { plugin: "a1" },
      workspace: { plugin: "w1" },
      terminal: { plugin: "t1" },
      lifecycle: { plugin: "l1" },
      tracker: { plugin: "hosted-tracker" },
      scm: { plugin: "hosted-scm" },
    });
    expect(config.notificationRouting.info).toEqual(["n1"]);
  });

  it("without catalog defaults, loads a file that names every plugin and points at a project that does not", async () => {
    const named = writeConfig(
      [
        "defaults: { runtime: r, agent: a, workspace: w, terminal: t, lifecycle: l, notifiers: [] }",
        "projects:",
        "  web:",
        "    path: .",
        "",
      ].join("\n"),
    );
    const { config } = await loadConfig({ catalog: emptyCatalog(), cwd: named.dir, env: {} }, {});
    expect(config.projects["web"]?.lifecycle).toEqual({ plugin: "l" });
    const bare = writeConfig(MINIMAL);
    const error = await loadError(loadConfig({ catalog: emptyCatalog(), cwd: bare.dir, env: {} }, {}));
    expect(error.message).toContain(
      "agent-orchestrator.yaml:2:3 projects.web: no runtime plugin: name one in projects.web.runtime or defaults.runtime",
    );
    // A repository alone picks no tracker when the catalog pairs none with it.
    expect(error.message).not.toContain("tracker");
  });

  it("lets lifecycle and terminal be chosen like the other slots, in defaults and per project", async () => {
    const { dir } = writeConfig(
      [
        "defaults:",
        "  lifecycle: ./my-lifecycle.js",
        "  terminal: my-terminal",
        "projects:",
        "  web:",
        "    path: .",
        "  api:",
        "    path: .",
        "    terminal: { plugin: other-terminal, newWindow: true }",
        "    lifecycle: core",
        "",
      ].join("\n"),
    );
    const { config } = await loadConfig({ catalog: builtinCatalog, cwd: dir, env: {} }, {});
    expect(config.defaults).toMatchObject({ lifecycle: "./my-lifecycle.js", terminal: "my-terminal" });
    expect(config.projects["web"]).toMatchObject({
      lifecycle: { plugin: "./my-lifecycle.js" },
      terminal: { plugin: "my-terminal" },
    });
    expect(config.projects["api"]).toMatchObject({
      lifecycle: { plugin: "core" },
      terminal: { plugin: "other-terminal", newWindow: true },
    });
  });
});
