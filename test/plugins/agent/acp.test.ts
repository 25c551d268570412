import { describe, expect, it } from "vitest";
import type { Agent, Liveness, TurnSignal } from "../../../src/core/slots/index.js";
import { acpOptions, createAcpAgent } from "../../../src/plugins/agent/acp.js";
import { acpRecordPath } from "../../../src/plugins/agent/acp/record.js";
import { makeTempDir } from "../../helpers/temp-dir.js";
import { RecordWriter } from "./acp-records.js";
import { launchInput } from "./fixtures.js";

const ALIVE: Liveness = { state: "alive" };

function setUp(options: Record<string, unknown> = {}) {
  const aoHome = makeTempDir("ao-home-");
  const worktree = makeTempDir("ao-wt-");
  const agent = createAcpAgent(acpOptions.parse({ argv: ["my-acp-agent", "--acp"], ...options }), {
    node: "/usr/bin/node",
    aoScript: "/opt/ao/bin/ao.js",
    aoHome,
  });
  const record = new RecordWriter(acpRecordPath(aoHome, "app-1"));
  const probe = { sessionId: "app-1", worktree, liveness: ALIVE };
  return { agent, aoHome, worktree, record, probe };
}

describe("agent/acp: launch", () => {
  it("runs ao's ACP host for the session with the prompt file, the agent's argv after --", async () => {
    const { agent, worktree } = setUp({ env: { MY_VAR: "1" } });
    const input = launchInput(worktree);
    const spec = await agent.launch(input);
    expect(spec.argv).toEqual([
      "/usr/bin/node",
      "/opt/ao/bin/ao.js",
      "acp-host",
      "--session",
      "app-1",
      "--prompt-file",
      input.promptFile,
      "--",
      "my-acp-agent",
      "--acp",
    ]);
    expect(spec.env).toEqual({ MY_VAR: "1" });
  });

  it("resumes with --load <the ACP session id>, before the agent's argv", async () => {
    const { agent, worktree } = setUp();
    const spec = await agent.resume!({ ...launchInput(worktree), agentSessionId: "acp-sess-9" });
    const dashes = spec.argv.indexOf("--");
    expect(spec.argv.slice(dashes - 2, dashes)).toEqual(["--load", "acp-sess-9"]);
    expect(spec.argv.slice(dashes + 1)).toEqual(["my-acp-agent", "--acp"]);
  });

  it("hands a worker ao's MCP server in AO_ACP_MCP_SERVERS (ACP's McpServer shape), never in argv", async () => {
    const { agent, worktree } = setUp();
    const mcpServer = {
      name: "ao",
      command: "/usr/bin/node",
      args: ["/opt/ao/bin/ao.js", "mcp", "--worker", "--secret-file", "/home/x/secret"],
      env: { AO_HOME: "/home/x" },
      tools: ["orch_report"],
    };
    const spec = await agent.launch(launchInput(worktree, { mcpServer }));
    expect(spec.argv.join(" ")).not.toContain("secret-file");
    expect(JSON.parse(spec.env["AO_ACP_MCP_SERVERS"] ?? "")).toEqual([
      {
        name: "ao",
        command: "/usr/bin/node",
        args: ["/opt/ao/bin/ao.js", "mcp", "--worker", "--secret-file", "/home/x/secret"],
        env: [{ name: "AO_HOME", value: "/home/x" }],
      },
    ]);
  });

  it("passes the session's model only through modelArgs", async () => {
    const plain = setUp();
    const withModel = await plain.agent.launch(launchInput(plain.worktree, { model: "m-1" }));
    expect(withModel.argv).not.toContain("m-1");
    const templated = setUp({ modelArgs: ["--model", "{model}"] });
    const spec = await templated.agent.launch(launchInput(templated.worktree, { model: "m-1" }));
    expect(spec.argv.slice(-2)).toEqual(["--model", "m-1"]);
  });

  it("refuses a shell string for argv and unknown options", () => {
    expect(() => acpOptions.parse({ argv: "my-agent --acp" })).toThrow();
    expect(() => acpOptions.parse({ argv: ["a"], autoAllow: ["read"] })).toThrow(/autoAllow/);
  });
});

describe("agent/acp: activity from the record", () => {
  it("follows the conversation: starting, idle, working, a question, working, idle", async () => {
    const { agent, record, probe } = setUp();
    expect((await agent.activity(probe)).activity).toBe("unknown");
    record.host({ kind: "started", pid: 1, agentArgv: ["a"] });
    expect(await agent.activity(probe)).toMatchObject({
      activity: "working",
      detail: "the ACP agent is starting",
    });
    record.ready("acp-sess-1");
    expect(await agent.activity(probe)).toEqual({ activity: "idle", agentSessionId: "acp-sess-1" });
    const prompt = record.prompt("fix it");
    expect((await agent.activity(probe)).activity).toBe("working");
    record.update({
      sessionUpdate: "tool_call",
      toolCallId: "tc-1",
      title: "Edit src/app.ts",
      kind: "edit",
      status: "pending",
    });
    // The agent numbers its own requests: id 0 here is not the host's initialize (also 0).
    record.askPermission(0, { toolCallId: "tc-1" });
    const asked = await agent.activity(probe);
    expect(asked).toMatchObject({
      activity: "needs_input",
      agentSessionId: "acp-sess-1",
      detail:
        "permission: Edit src/app.ts — 1 Allow (allow_once), 2 Always allow (allow_always), 3 Reject (reject_once)",
      question: {
        id: "0",
        title: "Edit src/app.ts",
        toolKind: "edit",
        options: [
          { id: "allow", name: "Allow", kind: "allow_once" },
          { id: "allow-always", name: "Always allow", kind: "allow_always" },
          { id: "reject", name: "Reject", kind: "reject_once" },
        ],
      },
    });
    record.answer(0, "allow");
    expect((await agent.activity(probe)).activity).toBe("working");
    record.stop(prompt, "end_turn");
    expect((await agent.activity(probe)).activity).toBe("idle");
  });

  it("reads a long record on from where the last probe stopped, and a fresh reader from the start", async () => {
    const { agent, record, probe, aoHome } = setUp();
    record.ready();
    record.prompt("one");
    expect((await agent.activity(probe)).activity).toBe("working");
    record.askPermission(7, { toolCallId: "tc-9", title: "Run npm test", kind: "execute" });
    expect((await agent.activity(probe)).question?.title).toBe("Run npm test");
    const fresh = createAcpAgent(acpOptions.parse({ argv: ["a"] }), { node: "n", aoScript: "s", aoHome });
    expect((await fresh.activity(probe)).question?.id).toBe("7");
  });

  it("ignores a torn last line until it is whole", async () => {
    const { agent, record, probe } = setUp();
    record.ready();
    const half = JSON.stringify({
      t: 1,
      dir: "out",
      msg: { jsonrpc: "2.0", id: 9, method: "session/prompt" },
    });
    record.torn(half);
    expect((await agent.activity(probe)).activity).toBe("idle");
    record.torn("\n");
    expect((await agent.activity(probe)).activity).toBe("working");
  });

  it("is exited when the agent exited (with its last stderr line) or the runtime says the host is gone", async () => {
    const { agent, record, probe } = setUp();
    record.ready();
    expect((await agent.activity({ ...probe, liveness: { state: "exited", exitCode: 0 } })).activity).toBe(
      "exited",
    );
    record.prompt("go");
    record.host({ kind: "agent_exit", code: 3, signal: null, stderrTail: "boom\nmodel unavailable\n" });
    expect(await agent.activity(probe)).toMatchObject({
      activity: "exited",
      detail: "the ACP agent exited (code 3): model unavailable",
    });
  });

  it("forgets what a host left open once a new host starts (a restore)", async () => {
    const { agent, record, probe } = setUp();
    record.ready("acp-sess-1");
    record.prompt("go");
    record.askPermission(1, { toolCallId: "t", title: "Write" });
    record.host({ kind: "started", pid: 2, agentArgv: ["a"] });
    record.host({ kind: "ready", acpSessionId: "acp-sess-1", loaded: true, canLoad: true });
    expect(await agent.activity(probe)).toEqual({ activity: "idle", agentSessionId: "acp-sess-1" });
  });
});

describe("agent/acp: turns from the record", () => {
  async function openTurn(agent: Agent, probe: ReturnType<typeof setUp>["probe"]) {
    let cursor = await agent.turnCursor!(probe);
    return async (): Promise<TurnSignal> => {
      const signal = await agent.observeTurn!({
        ...probe,
        cursor,
        message: { sha256: "0".repeat(64), bytes: 3 },
        deliveredAt: 1,
        now: 2,
      });
      cursor = signal.cursor;
      return signal;
    };
  }

  it("waits, runs on the prompt, and ends completed with the chunks as the reply and the turn's tools and plan", async () => {
    const { agent, record, probe } = setUp();
    record.ready();
    const earlier = record.prompt("an earlier turn");
    record.chunk("not this one");
    record.stop(earlier, "end_turn");
    const observe = await openTurn(agent, probe);
    expect((await observe()).state).toBe("waiting");
    const id = record.prompt("fix the bug");
    expect(await observe()).toMatchObject({ state: "running" });
    record.update({
      sessionUpdate: "plan",
      entries: [{ content: "read", priority: "high", status: "in_progress" }],
    });
    record.chunk("I fixed ");
    record.update({
      sessionUpdate: "tool_call",
      toolCallId: "tc-1",
      title: "Edit parser.ts",
      kind: "edit",
      status: "pending",
      locations: [{ path: "/wt/parser.ts", line: 12 }],
    });
    record.askPermission(0, { toolCallId: "tc-1" });
    record.answer(0, "allow");
    record.update({ sessionUpdate: "tool_call_update", toolCallId: "tc-1", status: "completed" });
    record.askPermission(1, { toolCallId: "tc-2", title: "Run rm -rf build", kind: "execute" });
    record.answer(1, "reject");
    record.update({ sessionUpdate: "tool_call_update", toolCallId: "tc-2", status: "failed" });
    record.update({
      sessionUpdate: "plan",
      entries: [
        { content: "read", priority: "high", status: "completed" },
        { content: "fix", priority: "medium", status: "completed" },
      ],
    });
    record.chunk("the bug.");
    record.stop(id, "end_turn");
    record.chunk("a chunk after the end belongs to no turn");
    const ended = await observe();
    expect(ended).toMatchObject({
      state: "ended",
      outcome: "completed",
      reply: "I fixed the bug.",
      source: "transcript",
      work: {
        tools: [
          { kind: "edit", title: "Edit parser.ts", status: "completed", files: ["/wt/parser.ts:12"] },
          { kind: "execute", title: "Run rm -rf build", status: "failed", files: [] },
        ],
        plan: [
          { content: "read", priority: "high", status: "completed" },
          { content: "fix", priority: "medium", status: "completed" },
        ],
      },
    });
    expect(ended.state === "ended" && ended.startedAt !== undefined && ended.endedAt! > ended.startedAt).toBe(
      true,
    );
  });

  it("is interrupted on `cancelled`, keeping what the agent wrote before", async () => {
    const { agent, record, probe } = setUp();
    record.ready();
    const observe = await openTurn(agent, probe);
    const id = record.prompt("a long task");
    record.chunk("half");
    record.out({ method: "session/cancel", params: { sessionId: "acp-sess-1" } });
    record.stop(id, "cancelled");
    expect(await observe()).toMatchObject({ state: "ended", outcome: "interrupted", reply: "half" });
  });

  it.each([
    ["refusal", /refused/],
    ["max_tokens", /output tokens/],
    ["max_turn_requests", /limit of model requests/],
  ])("fails on the stop reason %s, with words saying so", async (stopReason, words) => {
    const { agent, record, probe } = setUp();
    record.ready();
    const observe = await openTurn(agent, probe);
    const id = record.prompt("do it");
    record.chunk("I cannot help with that.");
    record.stop(id, stopReason);
    const ended = await observe();
    expect(ended).toMatchObject({ state: "ended", outcome: "failed", reply: "I cannot help with that." });
    expect(ended.state === "ended" ? ended.error : "").toMatch(words);
  });

  it("fails with the agent's words on a JSON-RPC error, and when the agent exits mid-turn", async () => {
    const { agent, record, probe } = setUp();
    record.ready();
    let observe = await openTurn(agent, probe);
    const id = record.prompt("one");
    record.in({ id, error: { code: -32603, message: "Internal error: model not found" } });
    expect(await observe()).toMatchObject({
      state: "ended",
      outcome: "failed",
      error: "the agent answered the prompt with an error: Internal error: model not found",
    });
    observe = await openTurn(agent, probe);
    record.prompt("two");
    record.host({ kind: "agent_exit", code: null, signal: "SIGKILL", stderrTail: "killed\n" });
    expect(await observe()).toMatchObject({
      state: "ended",
      outcome: "failed",
      error: "the ACP agent exited (signal SIGKILL) during the turn:\nkilled",
    });
  });

  it("never throws over a missing record: the turn waits", async () => {
    const { agent, probe } = setUp();
    const observe = await openTurn(agent, probe);
    expect((await observe()).state).toBe("waiting");
  });

  it("interrupts with Ctrl-C, clears the input line with Ctrl-U, and answers questions", () => {
    const { agent } = setUp();
    expect(agent.interruptKeys).toEqual(["C-c"]);
    expect(agent.clearInputKeys).toEqual(["C-u"]);
    expect(agent.answersQuestions).toBe(true);
  });
});
