import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { Agent, McpServerSpec } from "../../../src/core/slots/index.js";
import { createAiderAgent } from "../../../src/plugins/agent/aider.js";
import { createClaudeCodeAgent } from "../../../src/plugins/agent/claude-code.js";
import { createCodexAgent } from "../../../src/plugins/agent/codex.js";
import { createGeminiAgent } from "../../../src/plugins/agent/gemini.js";
import { createOpencodeAgent } from "../../../src/plugins/agent/opencode.js";
import { eventually } from "../../contracts/eventually.js";
import { makeTestRepo } from "../../helpers/git-repo.js";
import { makeTempDir } from "../../helpers/temp-dir.js";
import { makeTestContext } from "../../helpers/test-context.js";
import { FAKE_BIN, launchInput, tempClaudePaths } from "./fixtures.js";
import { createTmuxRuntime } from "../../../src/plugins/runtime/tmux.js";
import { tmuxRuntimeOptions } from "../../../src/plugins/runtime/_shared/plugin-options.js";
import { makeTmuxHome } from "../../helpers/tmux.js";
import { harness } from "./tmux-harness.js";
import {
  aiderOptions,
  claudeCodeOptions,
  codexOptions,
  geminiOptions,
  opencodeOptions,
} from "../../../src/plugins/agent/_shared/plugin-options.js";

/**
 * Each fake CLI started in tmux with exactly the launch its plugin builds for a control-plane
 * worker: the fake reads the MCP configuration the way its real CLI does, really spawns the server
 * it was handed (a real SDK server standing in for `ao mcp --worker`) and, when the turn asks,
 * calls orch_report — which it only does when the launch pre-approved that tool.
 */
const REPORT_SERVER = fileURLToPath(new URL("../../fixtures/mcp/report-server.mjs", import.meta.url));

const agents: Record<string, (home: string) => Agent> = {
  claude: () => createClaudeCodeAgent(claudeCodeOptions.parse({}), process.execPath, tempClaudePaths()),
  codex: (home) => createCodexAgent(codexOptions.parse({}), join(home, ".codex")),
  gemini: (home) => createGeminiAgent(geminiOptions.parse({}), join(home, ".gemini"), makeTestContext().exec),
  opencode: () => createOpencodeAgent(opencodeOptions.parse({}), makeTestContext().exec),
};

interface ServerLogLine {
  event: string;
  argv?: string[];
  aoHome?: string | null;
  text?: string;
}

function serverFor(log: string, aoHome: string): McpServerSpec {
  return {
    name: "ao",
    command: process.execPath,
    args: [REPORT_SERVER, "--secret-file", "/nonexistent/app-1.secret"],
    // Codex gives a server only a short default environment and these: the log must come through here.
    env: { AO_HOME: aoHome, REPORT_SERVER_LOG: log },
    tools: ["orch_report"],
  };
}

function readLog(file: string): ServerLogLine[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as ServerLogLine);
}

describe.each(Object.keys(agents))("fake %s as a control-plane worker", (name) => {
  it("connects to the server it was handed and reports the turn's answer", { timeout: 60_000 }, async () => {
    const home = makeTempDir("ao-worker-home-");
    const worktree = makeTestRepo().dir;
    const log = join(makeTempDir("ao-report-log-"), "server.jsonl");
    const agent = agents[name]!(home);
    await agent.prepareWorkspace?.({ sessionId: "app-1", worktree });
    const spec = await agent.launch(launchInput(worktree, { mcpServer: serverFor(log, join(home, "ao")) }));
    const pane = harness(worktree, home);
    pane.start(spec, { FAKE_AGENT_WORK_MS: "300", FAKE_AGENT_REPORT: `answer from ${name}` });

    await eventually(() => readLog(log).some((line) => line.event === "report"), "the report", 30_000);
    const lines = readLog(log);
    expect(lines[0]).toMatchObject({
      event: "started",
      argv: ["--secret-file", "/nonexistent/app-1.secret"],
      aoHome: join(home, "ao"),
    });
    expect(lines.filter((line) => line.event === "report")).toEqual([
      expect.objectContaining({ text: `answer from ${name}` }),
    ]);
  });
});

describe("workers without the report tool pre-approved", () => {
  it("a fake whose launch did not allow orch_report never calls it", { timeout: 60_000 }, async () => {
    const home = makeTempDir("ao-worker-home-");
    const worktree = makeTestRepo().dir;
    const log = join(makeTempDir("ao-report-log-"), "server.jsonl");
    const spec = await agents["claude"]!(home).launch(
      launchInput(worktree, { mcpServer: serverFor(log, join(home, "ao")) }),
    );
    // The same launch without --allowedTools: Claude Code would ask before calling the tool.
    const at = spec.argv.indexOf("--allowedTools");
    const argv = [...spec.argv.slice(0, at), ...spec.argv.slice(at + 2)];
    const pane = harness(worktree, home);
    pane.start({ ...spec, argv }, { FAKE_AGENT_WORK_MS: "300", FAKE_AGENT_REPORT: "1" });
    // The reply is on screen once the turn ended: a report would have come before it.
    await eventually(() => pane.screen().includes("Working on:"), "the turn's end", 30_000);
    expect(readLog(log).map((line) => line.event)).toEqual(["started"]);
  });

  it("a fake CLI that cannot run prints its words and exits at start", { timeout: 60_000 }, async () => {
    const tmux = makeTmuxHome();
    const home = makeTempDir("ao-worker-home-");
    const worktree = makeTestRepo().dir;
    const spec = await agents["codex"]!(home).launch(launchInput(worktree));
    const runtime = createTmuxRuntime({ ...tmux.ctx, baseDir: tmux.home }, tmuxRuntimeOptions.parse({}));
    const env = { PATH: `${FAKE_BIN}:${process.env["PATH"] ?? ""}`, HOME: home };
    const handle = await runtime.create({
      sessionId: "app-1",
      cwd: worktree,
      argv: spec.argv,
      env: { ...spec.env, ...env, FAKE_AGENT_START_FAIL: "Not logged in - Please run /login" },
    });
    await eventually(async () => (await runtime.liveness(handle)).state === "exited", "the exit", 30_000);
    expect(await runtime.liveness(handle)).toMatchObject({ state: "exited", exitCode: 1 });
    expect(await runtime.capture!(handle, { lines: 50 })).toContain("Not logged in - Please run /login");
  });

  it("aider has no MCP client: its launch is the same with or without the server", async () => {
    const worktree = makeTestRepo().dir;
    const agent = createAiderAgent(aiderOptions.parse({}));
    const input = launchInput(worktree);
    const server = serverFor(join(makeTempDir(), "log"), "/h");
    expect(await agent.launch({ ...input, mcpServer: server })).toEqual(await agent.launch(input));
  });
});
