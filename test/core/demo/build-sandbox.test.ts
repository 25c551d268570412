import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../../src/core/config/index.js";
import {
  createSandboxDirs,
  initSandbox,
  type DemoSandbox,
  type SandboxInput,
} from "../../../src/core/demo/build-sandbox.js";
import { locateDemoMaterial } from "../../../src/core/demo/demo-agent-path.js";
import { removeSandbox } from "../../../src/core/demo/remove-sandbox.js";
import { sandboxContext } from "../../../src/core/demo/sandbox-context.js";
import type { AoContext } from "../../../src/core/context.js";
import { builtinCatalog } from "../../../src/plugins/builtin-catalog.js";
import { checkProcess, processRef } from "../../../src/core/process-identity.js";
import { eventually } from "../../contracts/eventually.js";
import { runGit } from "../../helpers/git-repo.js";
import { killTmuxServer, runTmux } from "../../helpers/tmux.js";
import { makeTempDir } from "../../helpers/temp-dir.js";
import { makeTestContext } from "../../helpers/test-context.js";

function context(env: Record<string, string> = {}) {
  const tmp = makeTempDir("ao-demo-tmp-");
  return { tmp, ctx: makeTestContext({ env: { TMPDIR: tmp, ...env }, catalog: builtinCatalog }) };
}

async function buildSandbox(ctx: AoContext, input: SandboxInput): Promise<DemoSandbox> {
  const sandbox = createSandboxDirs(ctx);
  await initSandbox(sandboxContext(ctx, sandbox, "secret"), sandbox, input);
  return sandbox;
}

describe("the demo's sandbox", () => {
  it("makes a repository on main with the demo project and issue #1, committed and clean", async () => {
    // AO_LOG_LEVEL=debug: the sandbox's git commands are logged (to its own ao.log, checked below).
    const { tmp, ctx } = context({ AO_LOG_LEVEL: "debug" });
    const sandbox = await buildSandbox(ctx, { notifyUrl: "http://127.0.0.1:9/notifications" });
    expect(sandbox.root.startsWith(join(tmp, "ao-demo-"))).toBe(true);
    expect(runGit(sandbox.repo, ["rev-parse", "--abbrev-ref", "HEAD"])).toBe("main");
    expect(runGit(sandbox.repo, ["status", "--porcelain"])).toBe("");
    expect(runGit(sandbox.repo, ["remote"])).toBe("");
    expect(runGit(sandbox.repo, ["ls-files"]).split("\n").sort()).toEqual([
      ".ao/issues/1-add-average.md",
      "README.md",
      "stats.mjs",
      "stats.test.mjs",
    ]);
    expect(readFileSync(join(sandbox.repo, ".ao/issues/1-add-average.md"), "utf8")).toContain(
      "title: Add average() to stats.mjs",
    );
    expect(existsSync(sandbox.home)).toBe(true);
    // Everything happened inside: not even a log line in the caller's AO_HOME.
    expect(existsSync(ctx.paths.logs)).toBe(false);
    expect(existsSync(join(sandbox.home, "logs", "ao.log"))).toBe(true);
  });

  it("writes a local-mode configuration that loads: local tracker and scm, CI, 1 s polls, the webhook", async () => {
    const { ctx } = context();
    const sandbox = await buildSandbox(ctx, { notifyUrl: "http://127.0.0.1:9/notifications" });
    const { config } = await loadConfig(ctx, { configPath: sandbox.configPath });
    const project = config.projects["demo"];
    expect(project).toMatchObject({
      path: sandbox.repo,
      defaultBranch: "main",
      tracker: { plugin: "local" },
      scm: { plugin: "local", ci: ["node --test"] },
    });
    expect(project?.agent).toMatchObject({
      plugin: "command",
      argv: [process.execPath, locateDemoMaterial().agent, "--prompt-file", "{promptFile}"],
    });
    expect(config.daemon.pollIntervalMs).toBe(1000);
    expect(config.notifiers["demo-webhook"]).toEqual({
      plugin: "webhook",
      url: "http://127.0.0.1:9/notifications",
      secretEnv: "AO_DEMO_WEBHOOK_SECRET",
      retries: 0,
    });
    expect(config.notificationRouting.action).toEqual(["demo-webhook"]);
  });

  it("names an installed agent instead of the demo agent with --agent", async () => {
    const { ctx } = context();
    const sandbox = await buildSandbox(ctx, { agent: "claude-code", notifyUrl: "http://127.0.0.1:9/n" });
    const { config } = await loadConfig(ctx, { configPath: sandbox.configPath });
    expect(config.projects["demo"]?.agent).toEqual({ plugin: "claude-code" });
  });

  it("is removed whole by removeSandbox", async () => {
    const { tmp, ctx } = context();
    const sandbox = await buildSandbox(ctx, { notifyUrl: "http://127.0.0.1:9/notifications" });
    expect(await removeSandbox(ctx, sandbox)).toEqual([]);
    expect(existsSync(sandbox.root)).toBe(false);
    expect(existsSync(tmp)).toBe(true);
  });

  it("has the plugins it uses stop what they started there (tmux server, CI in flight), and only there", async () => {
    const { ctx } = context();
    const sandbox = await buildSandbox(ctx, { notifyUrl: "http://127.0.0.1:9/notifications" });
    // What runtime/tmux and scm/local leave running in a sandbox: a server with a pane, a CI runner.
    const sandboxSocket = join(sandbox.home, "tmux.sock");
    runTmux(sandboxSocket, ["new-session", "-d", "-s", "ao-demo", "sleep 60"]);
    const server = Number(runTmux(sandboxSocket, ["display-message", "-p", "#{pid}"]).trim());
    const runner = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"], {
      detached: true,
      stdio: "ignore",
    });
    const runDir = join(sandbox.home, "projects", "demo", "ci", "feat~x", "a1");
    mkdirSync(runDir, { recursive: true });
    writeFileSync(join(runDir, "run.json"), JSON.stringify({ owner: processRef(runner.pid!) }));
    // The caller's own tmux server (another AO_HOME) must survive whatever context removeSandbox gets.
    const callerSocket = join(ctx.paths.home, "tmux.sock");
    runTmux(callerSocket, ["new-session", "-d", "-s", "mine", "sleep 60"]);
    try {
      expect(await removeSandbox(ctx, sandbox)).toEqual([]);
      expect(existsSync(sandbox.root)).toBe(false);
      await eventually(
        () => (checkProcess(runner.pid!, "").kind === "gone" ? true : undefined),
        "the CI runner",
      );
      await eventually(
        () => (checkProcess(server, "").kind === "gone" ? true : undefined),
        "the tmux server",
      );
      expect(runTmux(callerSocket, ["list-sessions", "-F", "#{session_name}"]).trim()).toBe("mine");
    } finally {
      killTmuxServer(callerSocket);
      killTmuxServer(sandboxSocket);
      runner.kill("SIGKILL");
    }
  });

  it("hands the agent and its CI none of the caller's credentials", () => {
    const tmp = makeTempDir("ao-demo-tmp-");
    const credentials = {
      GITHUB_TOKEN: "ghp_x",
      GH_TOKEN: "gho_x",
      LINEAR_API_KEY: "lin_x",
      AO_GITHUB_WEBHOOK_SECRET: "hook",
      AWS_SECRET_ACCESS_KEY: "aws",
      npm_config__authToken: "npm",
    };
    const ctx = makeTestContext({
      env: { TMPDIR: tmp, LANG: "C.UTF-8", ANTHROPIC_API_KEY: "sk-ant", ...credentials },
      catalog: builtinCatalog,
    });
    const sandbox = createSandboxDirs(ctx);
    const env = sandboxContext(ctx, sandbox, "demo-secret").env;
    for (const name of Object.keys(credentials)) expect(env[name], name).toBeUndefined();
    // What the demo needs stays: its own webhook secret, an installed agent's model key, the rest.
    expect(env).toMatchObject({ AO_DEMO_WEBHOOK_SECRET: "demo-secret", LANG: "C.UTF-8", TMPDIR: tmp });
    expect(env["ANTHROPIC_API_KEY"]).toBe("sk-ant");
    expect(env["AO_HOME"]).toBe(sandbox.home);
  });
});
