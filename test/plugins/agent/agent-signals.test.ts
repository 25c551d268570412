import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Agent } from "../../../src/core/slots/index.js";
import { acpAgentOf } from "../../../src/plugins/agent/acp/acp-agent.js";
import { acpRecordPath } from "../../../src/plugins/agent/acp/record.js";
import { createClaudeCodeAgent } from "../../../src/plugins/agent/claude-code.js";
import { createCodexAgent } from "../../../src/plugins/agent/codex.js";
import { createGeminiAgent } from "../../../src/plugins/agent/gemini.js";
import { createOpencodeAgent } from "../../../src/plugins/agent/opencode.js";
import {
  claudeCodeOptions,
  codexOptions,
  geminiOptions,
  opencodeOptions,
} from "../../../src/plugins/agent/_shared/plugin-options.js";
import { makeTempDir } from "../../helpers/temp-dir.js";
import { makeTestContext } from "../../helpers/test-context.js";
import { appendJsonl } from "./turn-fixtures.js";
import { RecordWriter } from "./acp-records.js";

/**
 * Every built-in agent that writes signals ao can watch declares them (`Agent.signals`, the daemon's
 * one wake mechanism, core/daemon/agent-signal-wakes.ts): replayed against the lines the real CLIs
 * recorded (test/fixtures/agents/), exactly the turn ends, questions to a person and exits wake.
 */
const FIXTURES = join(import.meta.dirname, "..", "..", "fixtures", "agents");
const recorded = (path: string): string[] =>
  readFileSync(join(FIXTURES, path), "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "");

/** The value of `field` (a dotted path) of each line that wakes. */
function woken(agent: Agent, lines: readonly string[], field: (line: Record<string, unknown>) => unknown) {
  return lines
    .filter((line) => agent.signals!.wakes(line))
    .map((line) => field(JSON.parse(line) as Record<string, unknown>));
}
const hookName = (line: Record<string, unknown>) => line["hook_event_name"];
const source = (worktree: string, agentSessionId?: string) => ({
  sessionId: "app-1",
  worktree,
  agentSessionId,
});

describe("Agent.signals of the built-in agents", () => {
  it("claude-code: its hook file; Stop, Notification and SessionEnd wake, a tool call or a prompt does not", () => {
    const agent = createClaudeCodeAgent(claudeCodeOptions.parse({}), process.execPath);
    expect(agent.signals?.file(source("/wt"))).toBe("/wt/.ao/agent-events.jsonl");
    const lines = recorded("claude/hook-events.jsonl");
    expect(woken(agent, lines, hookName)).toEqual(["Stop", "Notification", "Stop", "SessionEnd"]);
  });

  it("gemini: its hook file; AfterAgent (a turn's end) and SessionEnd wake, BeforeAgent and tools do not", () => {
    const agent = createGeminiAgent(geminiOptions.parse({}), makeTempDir("ao-gh-"), makeTestContext().exec);
    expect(agent.signals?.file(source("/wt"))).toBe("/wt/.ao/agent-events.jsonl");
    const names = woken(agent, recorded("gemini/turns/hooks.jsonl"), hookName);
    expect(names.filter((name) => name === "AfterAgent")).toHaveLength(10);
    expect(new Set(names)).toEqual(new Set(["AfterAgent", "SessionEnd"]));
    expect(agent.signals?.wakes(JSON.stringify({ hook_event_name: "Notification" }))).toBe(true);
  });

  it("opencode: the events ao's plugin records; session.idle and session.error wake, the message stream does not", () => {
    const agent = createOpencodeAgent(opencodeOptions.parse({}), makeTestContext().exec);
    expect(agent.signals?.file(source("/wt"))).toBe("/wt/.ao/agent-events.jsonl");
    const types = woken(agent, recorded("opencode/turns/events.jsonl"), (line) => line["type"]);
    expect(types.filter((type) => type === "session.idle")).toHaveLength(10);
    expect(types.filter((type) => type === "session.error")).toHaveLength(4);
    expect(types).toHaveLength(14);
  });

  it("codex: its rollout, once the conversation is known; task_complete and turn_aborted wake", () => {
    const codexHome = makeTempDir("ao-codex-home-");
    const agent = createCodexAgent(codexOptions.parse({}), codexHome);
    const worktree = makeTempDir("ao-codex-wt-");
    const id = "0199aaaa-bbbb-7ccc-8ddd-eeeeffff0000";
    expect(agent.signals?.file(source(worktree))).toBeUndefined();
    expect(agent.signals?.file(source(worktree, id))).toBeUndefined(); // not written yet
    const rollout = join(
      codexHome,
      "sessions",
      "2026",
      "12",
      "01",
      `rollout-2026-12-01T20-22-30-${id}.jsonl`,
    );
    appendJsonl(rollout, [{ type: "session_meta", payload: { id, cwd: worktree } }]);
    expect(agent.signals?.file(source(worktree, id))).toBe(rollout);
    const lines = ["completed", "interrupted", "failed-model"].flatMap((name) =>
      recorded(`codex/turns/${name}.rollout.jsonl`),
    );
    const payloadType = (line: Record<string, unknown>) =>
      (line["payload"] as Record<string, unknown>)["type"];
    expect(new Set(woken(agent, lines, payloadType))).toEqual(new Set(["task_complete", "turn_aborted"]));
    expect(lines.filter((line) => agent.signals!.wakes(line))).toHaveLength(3);
  });

  it("acp (every agent's ACP mode): the host's record; a prompt's answer, a permission question and the agent's exit wake", () => {
    const home = makeTempDir("ao-acp-home-");
    const agent = acpAgentOf(() => ({ argv: ["fake"], env: {} }), {
      node: "node",
      aoScript: "ao.js",
      aoHome: home,
    });
    const file = agent.signals?.file(source("/wt"));
    expect(file).toBe(acpRecordPath(home, "app-1"));
    const record = new RecordWriter(file!);
    record.ready();
    const id = record.prompt("fix it");
    record.chunk("On it.");
    record.askPermission(100, { toolCallId: "t1", title: "rm -rf build", kind: "execute" });
    record.answer(100, "allow");
    record.stop(id, "end_turn");
    record.host({ kind: "agent_exit", code: 0, signal: null, stderrTail: "" });
    record.torn('{"t":1,"dir":"in","msg":{"id":9,"res');
    const lines = readFileSync(file!, "utf8").split("\n").filter(Boolean);
    const what = (line: Record<string, unknown>) => {
      const msg = line["msg"] as Record<string, unknown> | undefined;
      return msg?.["method"] ?? (msg === undefined ? "agent_exit" : "answer");
    };
    expect(woken(agent, lines, what)).toEqual(["session/request_permission", "answer", "agent_exit"]);
  });
});
