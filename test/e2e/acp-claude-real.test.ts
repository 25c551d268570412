import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { question, type TurnJson } from "./acp-fixture.js";
import { eventually, makeE2e, type E2e } from "./e2e-fixture.js";

/**
 * The REAL claude-agent-acp (with the Claude Code it bundles) run by ao, against the loopback
 * stand-in for the Anthropic Messages API (scripts/agent-fixture-mocks/anthropic.mjs). Needs the
 * adapter: AO_CLAUDE_AGENT_ACP=<path to claude-agent-acp> (e.g. after `npm install --prefix
 * /tmp/acp-real @zed-industries/claude-agent-acp@0.23.1`); skipped, saying so, without it.
 */
const ADAPTER = process.env["AO_CLAUDE_AGENT_ACP"] ?? "";
const KEY = "sk-ant-api03-offline-fixture-key-0000000000";
const MOCK = join(import.meta.dirname, "../../scripts/agent-fixture-mocks/anthropic.mjs");
/** The Claude Code the adapter bundles (its Agent SDK's cli.js): the TUI a takeover resumes the conversation in. */
const CLAUDE_CLI = join(ADAPTER, "..", "..", "@anthropic-ai", "claude-agent-sdk", "cli.js");
const installed = ADAPTER !== "" && existsSync(ADAPTER);
// CI installs the adapter (.ci/run) and sets AO_REQUIRE_ACP_ADAPTER: there a missing one fails.
if (!installed && process.env["AO_REQUIRE_ACP_ADAPTER"] === "1")
  throw new Error(
    `AO_REQUIRE_ACP_ADAPTER is set but AO_CLAUDE_AGENT_ACP (${ADAPTER || "unset"}) is not installed`,
  );
if (!installed)
  console.log(
    "acp-claude-real: skipped: set AO_CLAUDE_AGENT_ACP to an installed claude-agent-acp (npm i @zed-industries/claude-agent-acp@0.23.1)",
  );

let mock: ChildProcess | undefined;
let world: E2e | undefined;
afterEach(() => {
  world?.ao(["session", "kill", "app-1"]);
  mock?.kill();
});

function startMock(): Promise<number> {
  const child = spawn(process.execPath, [MOCK, "0", "300"], { stdio: ["ignore", "pipe", "inherit"] });
  mock = child;
  return new Promise((resolve) => {
    child.stdout.on("data", (data: Buffer) => {
      const port = /listening (\d+)/.exec(data.toString())?.[1];
      if (port !== undefined) resolve(Number(port));
    });
  });
}

async function approveWhile(e2e: E2e, turnId: string): Promise<TurnJson> {
  for (;;) {
    const turn = JSON.parse(e2e.ao(["turns", "show", turnId, "--json"]).stdout) as TurnJson;
    if (!["queued", "delivering", "delivered", "running"].includes(turn.status)) return turn;
    if (question(e2e) !== undefined) expect(e2e.ao(["approve", "app-1"]).exitCode).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

describe.skipIf(!installed)("the real claude-agent-acp over ACP", () => {
  it(
    "edits and runs behind ao approve, replies, is interrupted and restored with session/load",
    { timeout: 600_000 },
    async () => {
      const port = await startMock();
      const e2e = makeE2e();
      world = e2e;
      const worktree = join(e2e.home, "projects", "app", "worktrees", "app-1");
      const trust = {
        hasCompletedOnboarding: true,
        theme: "dark",
        customApiKeyResponses: { approved: [KEY.slice(-20)], rejected: [] },
        projects: { [worktree]: { hasTrustDialogAccepted: true } },
      };
      writeFileSync(join(e2e.userHome, ".claude.json"), JSON.stringify(trust));
      e2e.writeConfig(
        `agent:\n  plugin: acp\n  argv: [${ADAPTER}]\n  takeover: [${process.execPath}, ${CLAUDE_CLI}, --resume, "{session}"]\n  env: {ANTHROPIC_BASE_URL: "http://127.0.0.1:${String(port)}", ANTHROPIC_API_KEY: ${KEY}, IS_SANDBOX: "1"}`,
      );
      const spawned = e2e.ao(["spawn", "app", `Edit the file ${worktree}/notes.txt and run a command`]);
      expect(spawned.exitCode, spawned.stderr).toBe(0);
      const first = await approveWhile(e2e, "t-1");
      expect(first.status).toBe("completed");
      expect(existsSync(join(worktree, "notes.txt"))).toBe(true);
      expect(first.work?.tools.map((tool) => tool.kind)).toEqual(expect.arrayContaining(["edit", "execute"]));

      const hello = e2e.ao(["send", "app-1", "--wait", "Say hello in one word"]);
      expect(hello.exitCode, hello.stderr).toBe(0);
      expect(hello.stdout).toContain("Hello from the mock model.");

      expect(e2e.ao(["send", "app-1", "Take your time"]).exitCode).toBe(0);
      await eventually(
        () =>
          (JSON.parse(e2e.ao(["turns", "show", "t-3", "--json"]).stdout) as TurnJson).status === "running" ||
          undefined,
        "t-3 running",
      );
      expect(e2e.ao(["session", "interrupt", "app-1"]).exitCode).toBe(0);
      e2e.ao(["turns", "wait", "t-3"]);
      const interrupted = JSON.parse(e2e.ao(["turns", "show", "t-3", "--json"]).stdout) as TurnJson;
      expect(interrupted.status).toBe("interrupted");

      const record = join(e2e.home, "acp", "app-1.jsonl");
      const started = readFileSync(record, "utf8")
        .split("\n")
        .filter((l) => l.includes('"kind":"started"'));
      const pid = (JSON.parse(started[0] ?? "{}") as { event: { pid: number } }).event.pid;
      process.kill(pid, "SIGKILL");
      await eventually(
        () => (e2e.ao(["session", "restore", "app-1"]).exitCode === 0 ? true : undefined),
        "restore",
      );
      await eventually(
        () => (readFileSync(record, "utf8").includes('"loaded":true') ? true : undefined),
        "session/load",
      );
      const again = e2e.ao(["send", "app-1", "--wait", "Say hello in one word"]);
      expect(again.exitCode, again.stderr).toBe(0);
      expect(again.stdout).toContain("Hello from the mock model.");

      // Taken over: Claude Code's own TUI resumes the same conversation (the ACP session id is its
      // session id) in the session's terminal, showing what was said over ACP; then handed back.
      const taken = e2e.ao(["session", "takeover", "app-1"]);
      expect(taken.exitCode, taken.stderr).toBe(0);
      await eventually(() => {
        const screen = e2e.tmux(["capture-pane", "-p", "-t", "=app-1:0"]);
        // The host cleared the screen for the TUI: the words are Claude Code's own rendering.
        return screen.includes("Say hello in one word") && !screen.includes("ACP session") ? true : undefined;
      }, "Claude Code's TUI showing the resumed conversation");
      const back = e2e.ao(["session", "handback", "app-1"]);
      expect(back.exitCode, back.stderr).toBe(0);
      const after = e2e.ao(["send", "app-1", "--wait", "Say hello in one word"]);
      expect(after.exitCode, after.stderr).toBe(0);
      expect(after.stdout).toContain("Hello from the mock model.");
    },
  );
});
