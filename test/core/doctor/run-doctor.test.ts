import { describe, expect, it } from "vitest";
import { z } from "zod";
import { runDoctor } from "../../../src/core/doctor/run-doctor.js";
import { builtinCatalog } from "../../../src/plugins/builtin-catalog.js";
import { GITHUB_PROJECT, host, setup, statusOf, TOKEN } from "./doctor-setup.js";

describe("runDoctor", () => {
  it("is all green on a ready machine with a valid config and a token, and never shows the token", async () => {
    const ctx = setup({ yaml: GITHUB_PROJECT, env: { GITHUB_TOKEN: TOKEN } });
    const report = await runDoctor(ctx, { host });
    expect(statusOf(report)).toEqual({
      node: "ok",
      git: "ok",
      tmux: "ok",
      "ao-home": "ok",
      "disk-space": "ok",
      store: "ok",
      "store-writable": "ok",
      config: "ok",
      "git-identity": "ok",
      plugins: "ok",
      "agent:claude-code": "ok",
      "agent:claude-code:login": "ok",
      "agent:claude-code:onboarding": "ok",
      "credentials:github:github.com": "ok",
      "notifier:desktop": "ok",
      prices: "ok",
      notifiers: "ok",
      "interrupted-spawns": "ok",
      "orphan-agents": "ok",
    });
    expect(report).toMatchObject({ ok: true, summary: { ok: 19, warn: 0, fail: 0 } });
    expect(JSON.stringify(report)).not.toContain(TOKEN);
    expect(JSON.stringify(ctx.logger.records)).not.toContain(TOKEN);
  });

  it("runs the machine checks without a config and suggests ao init", async () => {
    const ctx = setup({});
    const report = await runDoctor(ctx, { host });
    expect(report.checks.find((check) => check.id === "config")).toMatchObject({
      status: "warn",
      fix: "ao init",
    });
    expect(statusOf(report)).toEqual({
      node: "ok",
      git: "ok",
      tmux: "ok",
      "ao-home": "ok",
      "disk-space": "ok",
      store: "ok",
      "store-writable": "ok",
      config: "warn",
      "git-identity": "ok",
      "notifier:desktop": "ok",
      agents: "ok",
      "interrupted-spawns": "ok",
      "orphan-agents": "ok",
    });
    expect(report.ok).toBe(true);
  });

  it("fails without tmux, with the command that installs it", async () => {
    const ctx = setup({
      yaml: GITHUB_PROJECT,
      bin: { link: ["git"], fake: { claude: "exit 0" } },
      env: { GITHUB_TOKEN: TOKEN },
    });
    const report = await runDoctor(ctx, { host });
    expect(report.checks.find((check) => check.id === "tmux")).toMatchObject({
      status: "fail",
      fix: "sudo apt-get install -y tmux",
    });
    expect(report.ok).toBe(false);
  });

  it("only warns about a missing tmux when no project uses it", async () => {
    const yaml = `${GITHUB_PROJECT}    runtime: process\n`;
    const ctx = setup({
      yaml,
      bin: { link: ["git"], fake: { claude: "exit 0" } },
      env: { GITHUB_TOKEN: TOKEN },
    });
    const report = await runDoctor(ctx, { host });
    expect(statusOf(report)["tmux"]).toBe("warn");
    expect(report.ok).toBe(true);
  });

  it("fails a GitHub project without a token", async () => {
    const ctx = setup({ yaml: GITHUB_PROJECT });
    const report = await runDoctor(ctx, { host });
    const credentials = report.checks.find((check) => check.id === "credentials:github:github.com");
    expect(credentials).toMatchObject({ status: "fail" });
    expect(credentials?.fix).toContain("gh auth login");
    expect(report.ok).toBe(false);
  });

  it("fails a configured agent whose CLI is missing", async () => {
    const ctx = setup({ yaml: GITHUB_PROJECT.replace("claude-code", "codex"), env: { GITHUB_TOKEN: TOKEN } });
    const report = await runDoctor(ctx, { host });
    expect(report.checks.find((check) => check.id === "agent:codex")).toMatchObject({
      status: "fail",
      fix: "npm i -g @openai/codex",
    });
  });

  it("warns, without failing, about a permissionless project", async () => {
    const yaml = `${GITHUB_PROJECT}    agentConfig:\n      permissions: permissionless\n`;
    const ctx = setup({ yaml, env: { GITHUB_TOKEN: TOKEN } });
    const report = await runDoctor(ctx, { host });
    const warning = report.checks.find((check) => check.id === "permissions:widgets");
    expect(warning).toMatchObject({ status: "warn" });
    expect(warning?.detail).toContain("permission-bypass");
    expect(report).toMatchObject({ ok: true, summary: { warn: 1, fail: 0 } });
  });

  it("fails an unknown plugin with the registry's message and where it is written", async () => {
    const ctx = setup({
      yaml: GITHUB_PROJECT.replace("claude-code", "claude-cod"),
      env: { GITHUB_TOKEN: TOKEN },
    });
    const report = await runDoctor(ctx, { host });
    const failure = report.checks.find((check) => check.id === "plugin:agent/claude-cod");
    expect(failure?.status).toBe("fail");
    expect(failure?.detail).toContain('unknown agent plugin "claude-cod" (did you mean "claude-code"?)');
    expect(failure?.detail).toContain("agent-orchestrator.yaml:6");
    expect(failure?.fix).toContain("built-in agent plugins");
  });

  it("fails plugin options the plugin rejects", async () => {
    const yaml = `${GITHUB_PROJECT}    scm:\n      plugin: github\n      apiUrl: not a url\n`;
    const ctx = setup({ yaml, env: { GITHUB_TOKEN: TOKEN } });
    const report = await runDoctor(ctx, { host });
    expect(report.checks.find((check) => check.id === "plugin:scm/github")?.detail).toContain(
      "invalid options",
    );
  });

  it("points bad agent options at each option: file:line:column and key path", async () => {
    const catalog = builtinCatalog;
    const yaml = GITHUB_PROJECT.replace(
      "agent: claude-code",
      "agent:\n      plugin: command\n      argv: []",
    );
    const report = await runDoctor(setup({ yaml, catalog, env: { GITHUB_TOKEN: TOKEN } }), { host });
    const failure = report.checks.find((check) => check.id === "plugin:agent/command");
    expect(failure?.status).toBe("fail");
    expect(failure?.detail.split("\n")).toEqual([
      'invalid options for agent plugin "command" at projects.widgets.agent (1 problem):',
      expect.stringMatching(/^ {2}agent-orchestrator\.yaml:8:13 projects\.widgets\.agent\.argv: /) as string,
    ]);
    expect(failure?.fix).toContain("fix the agent plugin's options");
  });

  it("fails an invalid config with the loader's message and skips what depends on it", async () => {
    const ctx = setup({ yaml: `${GITHUB_PROJECT}    defaultBrnach: main\n` });
    const report = await runDoctor(ctx, { host });
    const config = report.checks.find((check) => check.id === "config");
    expect(config?.status).toBe("fail");
    expect(config?.detail).toContain("defaultBrnach");
    expect(report.checks.some((check) => check.id.startsWith("plugin"))).toBe(false);
    expect(report.ok).toBe(false);
  });

  it("fails when the file named by --config does not exist", async () => {
    const ctx = setup({});
    const report = await runDoctor(ctx, { host, configPath: "missing.yaml" });
    expect(report.checks.find((check) => check.id === "config")).toMatchObject({ status: "fail" });
  });

  it("fails a webhook notifier whose secret is unset once, by its own check, at its key", async () => {
    const yaml = `${GITHUB_PROJECT}notifiers:\n  ops:\n    plugin: webhook\n    url: https://ops.example/ao\n    secretEnv: OPS_SECRET\n`;
    const report = await runDoctor(setup({ yaml, env: { GITHUB_TOKEN: TOKEN, OPS_SECRET: undefined } }), {
      host,
    });
    const secret = report.checks.find((check) => check.id === "notifier:webhook:OPS_SECRET");
    expect(secret).toMatchObject({
      status: "fail",
      source: { keyPath: "notifiers.ops.secretEnv", file: "agent-orchestrator.yaml", line: 11, column: 16 },
    });
    expect(secret?.detail).toContain("OPS_SECRET is not set");
    // Its `create` would refuse for the same reason: doctor does not report it a second time.
    expect(report.checks.filter((check) => check.status === "fail").map((check) => check.id)).toEqual([
      "notifier:webhook:OPS_SECRET",
    ]);
    expect(statusOf(report)["plugins"]).toBe("ok");
  });

  it("reports a plugin whose own check throws as that plugin's failure, not a crash", async () => {
    const broken = {
      slot: "notifier",
      name: "broken",
      description: "a notifier whose doctor throws",
      options: z.looseObject({}),
      doctor: () => {
        throw new Error("boom");
      },
      create: () => ({ notify: () => Promise.resolve() }),
    };
    const catalog = {
      ...builtinCatalog,
      notifier: { ...builtinCatalog.notifier, broken: () => Promise.resolve({ plugin: broken }) },
    };
    const yaml = `${GITHUB_PROJECT}notificationRouting:\n  urgent: [broken]\n`;
    const report = await runDoctor(setup({ yaml, catalog, env: { GITHUB_TOKEN: TOKEN } }), { host });
    expect(report.checks.find((check) => check.id === "plugin:notifier/broken:doctor")).toMatchObject({
      status: "fail",
      detail: "notifier/broken's own check failed: boom",
    });
  });

  it("fails an old Node.js", async () => {
    const report = await runDoctor(setup({}), { host: { ...host, nodeVersion: "20.9.0" } });
    expect(report.checks[0]).toMatchObject({ id: "node", status: "fail" });
    expect(report.ok).toBe(false);
  });
});
