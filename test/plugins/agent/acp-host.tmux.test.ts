import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { Runtime, RuntimeHandle } from "../../../src/core/slots/index.js";
import { readRecordSince } from "../../../src/plugins/agent/acp/record-entries.js";
import {
  acpRecordPath,
  type HostEvent,
  type JsonRpcMessage,
  type RecordLine,
} from "../../../src/plugins/agent/acp/record.js";
import { tmuxRuntimeOptions } from "../../../src/plugins/runtime/_shared/plugin-options.js";
import { createTmuxRuntime } from "../../../src/plugins/runtime/tmux.js";
import { eventually } from "../../contracts/eventually.js";
import { AO_BIN } from "../../helpers/run-ao.js";
import { makeTmuxHome, type TmuxTestHome } from "../../helpers/tmux.js";

/** The record's whole lines from `offset`, as the acp plugin reads them (torn last line left out). */
function readRecordLines(path: string, offset = 0): { lines: RecordLine[]; offset: number } {
  const read = readRecordSince(path, offset);
  return { lines: read.entries.map((entry) => entry.line), offset: read.offset };
}

/**
 * `ao acp-host` (the built ao) with the fake ACP agent in a real tmux pane, driven the way ao
 * drives any agent: `runtime.deliver` (paste, see it arrive, Enter, see the screen react) and
 * `runtime.press`. What is checked: the record (src/plugins/agent/acp/record.ts) and the screen a
 * person attached to the session sees.
 */
const FAKE_ACP = fileURLToPath(new URL("../../fixtures/bin/fake-acp-agent", import.meta.url));
const SESSION = "acp-1";

interface Host extends TmuxTestHome {
  runtime: Runtime;
  handle: RuntimeHandle;
  worktree: string;
  recordPath: string;
  agentLog: string;
  lines(): RecordLine[];
  screen(): Promise<string>;
  agentEvents(): Record<string, unknown>[];
}

async function startHost(
  args: string[] = [],
  env: Record<string, string> = {},
  home = makeTmuxHome(),
): Promise<Host> {
  const runtime = createTmuxRuntime({ ...home.ctx, baseDir: home.home }, tmuxRuntimeOptions.parse({}));
  const worktree = join(home.home, "worktree");
  mkdirSync(worktree, { recursive: true });
  const agentLog = join(home.home, "agent.log");
  const recordPath = acpRecordPath(home.home, SESSION);
  const handle = await runtime.create({
    sessionId: SESSION,
    cwd: worktree,
    argv: [process.execPath, AO_BIN, "acp-host", ...args, "--", FAKE_ACP],
    env: {
      AO_HOME: home.home,
      AO_SESSION_ID: SESSION,
      FAKE_ACP_SESSIONS_DIR: join(home.home, "agent-sessions"),
      FAKE_ACP_LOG: agentLog,
      ...env,
    },
  });
  const host: Host = {
    ...home,
    runtime,
    handle,
    worktree,
    recordPath,
    agentLog,
    lines: () => readRecordLines(recordPath).lines,
    screen: async () => (await runtime.capture?.(handle, { lines: 200 })) ?? "",
    agentEvents: () =>
      existsSync(agentLog)
        ? readFileSync(agentLog, "utf8")
            .trim()
            .split("\n")
            .map((line) => JSON.parse(line) as Record<string, unknown>)
        : [],
  };
  return host;
}

async function startReady(args: string[] = [], env: Record<string, string> = {}, home?: TmuxTestHome) {
  const host = await startHost(args, env, home);
  await eventually(() => hostEvent(host, "ready"), "the ready line");
  await eventually(async () => (await host.screen()).includes("ACP session"), "the session on screen");
  return host;
}

const hostEvents = (host: Host): HostEvent[] =>
  host.lines().flatMap((line) => (line.dir === "host" ? [line.event] : []));
function hostEvent<K extends HostEvent["kind"]>(
  host: Host,
  kind: K,
): Extract<HostEvent, { kind: K }> | undefined {
  return hostEvents(host).find((event): event is Extract<HostEvent, { kind: K }> => event.kind === kind);
}
const messages = (host: Host, dir: "in" | "out"): JsonRpcMessage[] =>
  host.lines().flatMap((line) => (line.dir === dir ? [line.msg] : []));
const prompts = (host: Host) => messages(host, "out").filter((msg) => msg.method === "session/prompt");
const responseTo = (host: Host, id: JsonRpcMessage["id"], dir: "in" | "out" = "in") =>
  messages(host, dir).find((msg) => msg.id === id && msg.method === undefined);
const stopReasons = (host: Host): string[] =>
  prompts(host).flatMap((prompt) => {
    const response = responseTo(host, prompt.id);
    return response ? [(response.result as { stopReason: string }).stopReason] : [];
  });
const chunkTexts = (host: Host): string[] =>
  messages(host, "in").flatMap((msg) => {
    const update = (msg.params as { update?: { sessionUpdate: string; content?: { text?: string } } })
      ?.update;
    return update?.sessionUpdate === "agent_message_chunk" ? [update.content?.text ?? ""] : [];
  });
const permissionRequests = (host: Host) =>
  messages(host, "in").filter((msg) => msg.method === "session/request_permission");

async function deliver(host: Host, text: string): Promise<void> {
  expect(await host.runtime.deliver(host.handle, text), text).toMatchObject({ confirmed: true });
}

async function turnEnds(host: Host, count: number): Promise<void> {
  await eventually(() => stopReasons(host).length >= count, `turn ${String(count)} to end`);
}

describe("ao acp-host in tmux, with the fake ACP agent", () => {
  it("a pasted prompt becomes session/prompt; the reply streams on screen and into the record", async () => {
    const host = await startReady();
    expect(hostEvent(host, "ready")).toMatchObject({
      loaded: false,
      canLoad: true,
      agentInfo: { name: "fake-acp-agent", version: "0.1.0" },
    });
    expect(hostEvent(host, "started")?.agentArgv).toEqual([FAKE_ACP]);
    const text = "hello from ao\nsecond line of the message";
    await deliver(host, text);
    await turnEnds(host, 1);
    const prompt = prompts(host)[0];
    expect(prompt?.params).toMatchObject({
      sessionId: hostEvent(host, "ready")?.acpSessionId,
      prompt: [{ type: "text", text }],
    });
    expect(chunkTexts(host).length).toBeGreaterThan(1);
    expect(chunkTexts(host).join("")).toBe(`You said: ${text}`);
    expect(stopReasons(host)).toEqual(["end_turn"]);
    // The input line is recorded by size, never by text.
    expect(hostEvents(host).filter((event) => event.kind === "input")).toEqual([
      { kind: "input", what: "prompt", bytes: Buffer.byteLength(text) },
    ]);
    expect(
      readFileSync(host.recordPath, "utf8")
        .split("\n")
        .filter((line) => line.includes('"dir":"host"'))
        .join(),
    ).not.toContain("hello from ao");
    const screen = await eventually(async () => {
      const now = await host.screen();
      return now.includes("■ stop: end_turn") ? now : undefined;
    }, "the stop reason on screen");
    expect(screen).toContain("> hello from ao\n> second line of the message");
    expect(screen).toContain("  You said: hello from ao");
    expect(screen).toContain("second line of the message\n■ stop: end_turn");
  });

  it("draws a file edit's tool call and plan entries; the edit is really made in the worktree", async () => {
    const host = await startReady();
    await deliver(host, "edit notes.txt written by the fake agent");
    await deliver(host, "plan");
    await turnEnds(host, 2);
    expect(readFileSync(join(host.worktree, "notes.txt"), "utf8")).toBe("written by the fake agent\n");
    const screen = await eventually(async () => {
      const now = await host.screen();
      return now.includes("Here is the plan.") ? now : undefined;
    }, "the plan's reply");
    expect(screen).toContain("⏺ edit Edit notes.txt — pending  (notes.txt:1)");
    expect(screen).toContain("⏺ edit Edit notes.txt — completed  (notes.txt:1)");
    expect(screen).toContain("Plan:\n  [x] Read the code\n  [~] Write the fix\n  [ ] Run the tests");
  });

  it("a permission question is answered by its number or its optionId; anything else is refused on screen", async () => {
    const host = await startReady();
    await deliver(host, "run make test");
    await eventually(
      async () => (await host.screen()).includes("1. Allow once [allow-once]"),
      "the question",
    );
    expect(await host.screen()).toContain("? Permission: Run make test (execute)");
    await deliver(host, "9");
    await eventually(async () => (await host.screen()).includes('"9" is not an option'), "the refusal");
    const [question] = permissionRequests(host);
    expect(responseTo(host, question?.id, "out")).toBeUndefined();
    await deliver(host, "1");
    await turnEnds(host, 1);
    expect(responseTo(host, question?.id, "out")?.result).toEqual({
      outcome: { outcome: "selected", optionId: "allow-once" },
    });
    // Asked twice in one turn: the first answered by id, the second by number.
    await deliver(host, "twice");
    await eventually(() => permissionRequests(host).length === 2, "the first of two questions");
    await deliver(host, "reject-once");
    await eventually(() => permissionRequests(host).length === 3, "the second question");
    await deliver(host, "2");
    await turnEnds(host, 2);
    const outcomes = permissionRequests(host).map((request) => responseTo(host, request.id, "out")?.result);
    expect(outcomes.slice(1)).toEqual([
      { outcome: { outcome: "selected", optionId: "reject-once" } },
      { outcome: { outcome: "selected", optionId: "allow-always" } },
    ]);
    expect(chunkTexts(host).join("")).toContain("build rejected, test ran.");
    const answers = hostEvents(host).filter((event) => event.kind === "input" && event.what === "answer");
    expect(answers).toHaveLength(3);
    const screen = await host.screen();
    expect(screen).toContain("  → Allow once [allow-once]");
    expect(screen).toContain("  → Always allow [allow-always]");
  });

  it("Ctrl-C cancels a never-ending prompt and a pending question; chunks after the cancel do not reopen a turn", async () => {
    const host = await startReady();
    await deliver(host, "hang-late");
    await eventually(async () => (await host.screen()).includes("Working on it"), "the first chunk");
    // A second prompt while the turn runs is refused on screen and never sent.
    await deliver(host, "are you done yet");
    await eventually(
      async () => (await host.screen()).includes("a turn is running — Ctrl-C cancels it"),
      "the refusal",
    );
    expect(prompts(host)).toHaveLength(1);
    await host.runtime.press?.(host.handle, "C-u");
    await host.runtime.press?.(host.handle, "C-c");
    await turnEnds(host, 1);
    expect(stopReasons(host)).toEqual(["cancelled"]);
    expect(messages(host, "out").some((msg) => msg.method === "session/cancel")).toBe(true);
    await eventually(() => chunkTexts(host).join("").includes("late chunk two"), "the late chunks");
    const lines = host.lines();
    const responseAt = lines.findIndex((line) => line.dir === "in" && line.msg.id === prompts(host)[0]?.id);
    const lateAt = lines.findIndex(
      (line) => line.dir === "in" && JSON.stringify(line.msg).includes("late chunk one"),
    );
    expect(lateAt).toBeGreaterThan(responseAt);
    // The host is idle again: the next prompt is sent, not refused.
    await deliver(host, "hello again");
    await turnEnds(host, 2);
    expect(stopReasons(host)).toEqual(["cancelled", "end_turn"]);
    // Ctrl-C while a question waits: it is answered "cancelled" and the turn is cancelled.
    await deliver(host, "run rm -rf build");
    await eventually(() => permissionRequests(host).length === 1, "the question");
    await host.runtime.press?.(host.handle, "C-c");
    await turnEnds(host, 3);
    expect(responseTo(host, permissionRequests(host)[0]?.id, "out")?.result).toEqual({
      outcome: { outcome: "cancelled" },
    });
    expect(stopReasons(host)).toEqual(["cancelled", "end_turn", "cancelled"]);
    const cancels = hostEvents(host).filter((event) => event.kind === "input" && event.what === "cancel");
    expect(cancels).toHaveLength(2);
    const screen = await host.screen();
    expect(screen).toContain("^C cancelling the turn\n■ stop: cancelled");
    expect(screen).toContain("late chunk one; late chunk two");
  });

  it("--load after kill -9 of the host continues the same ACP session with the earlier conversation", async () => {
    const first = await startReady();
    await deliver(first, "remember the word zebra");
    await turnEnds(first, 1);
    const acpSessionId = hostEvent(first, "ready")?.acpSessionId ?? "";
    const hostPid = hostEvent(first, "started")?.pid ?? 0;
    const agentPid = Number(first.agentEvents()[0]?.["pid"]);
    process.kill(hostPid, "SIGKILL");
    await eventually(
      async () => (await first.runtime.liveness(first.handle)).state === "exited",
      "the dead pane",
    );
    // The agent, in a process group of its own, ends on its closed stdin: no orphan is left.
    await eventually(() => !processExists(agentPid), "the orphaned agent to end");
    await first.runtime.stop(first.handle);
    // As the plugin's resume starts it: with the spawn's task file too, which a loaded conversation already had.
    const task = join(first.home, "task.md");
    writeFileSync(task, "the spawn's task");
    const second = await startHost(["--load", acpSessionId, "--prompt-file", task], {}, first);
    await eventually(
      () => hostEvents(second).filter((event) => event.kind === "ready").length === 2,
      "the second ready",
    );
    expect(hostEvents(second).filter((event) => event.kind === "ready")[1]).toMatchObject({
      acpSessionId,
      loaded: true,
    });
    const screen = await eventually(async () => {
      const now = await second.screen();
      return now.includes("(loaded)") ? now : undefined;
    }, "the loaded conversation");
    expect(screen).toContain("> remember the word zebra");
    expect(screen).toContain("  You said: remember the word zebra");
    await deliver(second, "what was the word");
    await turnEnds(second, 2);
    expect(prompts(second).at(-1)?.params).toMatchObject({ sessionId: acpSessionId });
    expect(second.agentEvents().filter((event) => event["event"] === "session/load")).toHaveLength(1);
    expect(prompts(second).some((prompt) => JSON.stringify(prompt.params).includes("the spawn's task"))).toBe(
      false,
    );
    expect(prompts(second)).toHaveLength(2);
  });

  it("--prompt-file's text is the first prompt; Escape cancels like Ctrl-C", async () => {
    const home = makeTmuxHome();
    const task = join(home.home, "task.md");
    writeFileSync(task, "do the task\nwith two lines");
    const host = await startReady(["--prompt-file", task], {}, home);
    await eventually(() => prompts(host).length === 1, "the task's prompt");
    expect(prompts(host)[0]?.params).toMatchObject({
      prompt: [{ type: "text", text: "do the task\nwith two lines" }],
    });
    // Not typed at the terminal: no input line.
    expect(hostEvents(host).filter((event) => event.kind === "input")).toEqual([]);
    await deliver(host, "hang");
    await turnEnds(host, 1);
    await eventually(() => prompts(host).length === 2, "the hanging prompt");
    await eventually(
      async () => (await host.screen()).includes("> hang\n  Working on it"),
      "its first chunk",
    );
    await host.runtime.press?.(host.handle, "Escape");
    await turnEnds(host, 2);
    expect(stopReasons(host)).toEqual(["end_turn", "cancelled"]);
  });

  it("a message entered while the agent starts is sent once the session is ready, after the task", async () => {
    const home = makeTmuxHome();
    const task = join(home.home, "task.md");
    writeFileSync(task, "the spawn's task");
    const host = await startHost(["--prompt-file", task], { FAKE_ACP_INIT_DELAY_MS: "4000" }, home);
    await eventually(async () => (await host.screen()).includes("ao acp-host: starting"), "the host");
    await deliver(host, "an early message");
    await eventually(async () => (await host.screen()).includes("(the agent is starting"), "the note");
    expect(hostEvent(host, "ready")).toBeUndefined();
    await turnEnds(host, 2);
    expect(
      prompts(host).map((prompt) => (prompt.params as { prompt: { text: string }[] }).prompt[0]?.text),
    ).toEqual(["the spawn's task", "an early message"]);
  });

  it("stopping the session (its pane hung up) stops the agent, and the record says so", async () => {
    const host = await startReady();
    const agentPid = Number(host.agentEvents()[0]?.["pid"]);
    await host.runtime.stop(host.handle);
    await eventually(() => hostEvent(host, "agent_exit"), "agent_exit");
    expect(hostEvent(host, "agent_exit")).toMatchObject({ code: null, signal: "SIGTERM" });
    await eventually(() => !processExists(agentPid), "the agent to end");
  });

  it("AO_ACP_MCP_SERVERS reaches session/new, never the agent's environment or argv, and its secrets not the record", async () => {
    const servers = [
      {
        name: "ao",
        command: "ao",
        args: ["mcp", "worker"],
        env: [{ name: "AO_WORKER_SECRET", value: "s3cret-value" }],
      },
      {
        type: "http",
        name: "web",
        url: "http://127.0.0.1:1/mcp",
        headers: [{ name: "Authorization", value: "Bearer s3cret-token" }],
      },
    ];
    const host = await startReady([], { AO_ACP_MCP_SERVERS: JSON.stringify(servers) });
    const [start, sessionNew] = host.agentEvents();
    expect(sessionNew).toMatchObject({ event: "session/new", params: { mcpServers: servers } });
    expect(start?.["envKeys"]).not.toContain("AO_ACP_MCP_SERVERS");
    expect(JSON.stringify(start?.["argv"])).not.toContain("s3cret");
    const record = readFileSync(host.recordPath, "utf8");
    expect(record).not.toContain("s3cret");
    const recorded = messages(host, "out").find((msg) => msg.method === "session/new")?.params;
    expect(recorded).toMatchObject({
      mcpServers: [
        { name: "ao", env: [{ name: "AO_WORKER_SECRET", value: "[redacted]" }] },
        { name: "web", headers: [{ name: "Authorization", value: "[redacted]" }] },
      ],
    });
  });

  it("refuses an AO_ACP_MCP_SERVERS that is not a list, before starting the agent", async () => {
    const host = await startHost([], { AO_ACP_MCP_SERVERS: '{"name":"ao"}' });
    await eventually(
      async () => (await host.runtime.liveness(host.handle)).state === "exited",
      "the host to end",
    );
    expect(await host.runtime.liveness(host.handle)).toMatchObject({ exitCode: 2 });
    expect(hostEvent(host, "error")?.message).toContain(
      "AO_ACP_MCP_SERVERS is not a list of ACP MCP servers",
    );
    expect(hostEvent(host, "started")).toBeUndefined();
    expect(await host.screen()).toContain("it is not a JSON array");
  });

  it("the agent exiting ends the host with an agent_exit line and its last stderr", async () => {
    const host = await startReady();
    await deliver(host, "exit 3");
    await eventually(() => hostEvent(host, "agent_exit"), "agent_exit");
    expect(hostEvent(host, "agent_exit")).toMatchObject({ code: 3, signal: null });
    expect(hostEvent(host, "agent_exit")?.stderrTail).toContain("fake-acp-agent: exiting with 3 as asked");
    await eventually(
      async () => (await host.runtime.liveness(host.handle)).state === "exited",
      "the host to end",
    );
    const screen = await host.screen();
    expect(screen).toContain("■ the agent exited (code 3)");
    expect(screen).toContain("  stderr: fake-acp-agent: exiting with 3 as asked");
  });

  it("a torn last line is left out by a reader, and cut off by the next host before it appends", async () => {
    const home = makeTmuxHome();
    const recordPath = acpRecordPath(home.home, SESSION);
    mkdirSync(join(home.home, "acp"), { recursive: true });
    const whole = `${JSON.stringify({ t: 1, dir: "host", event: { kind: "started", pid: 1, agentArgv: ["x"] } })}\n`;
    writeFileSync(recordPath, `${whole}{"t":2,"dir":"in","msg":{"jsonr`);
    expect(readRecordLines(recordPath)).toEqual({
      lines: [JSON.parse(whole) as RecordLine],
      offset: Buffer.byteLength(whole),
    });
    expect(readRecordLines(recordPath, Buffer.byteLength(whole)).lines).toEqual([]);
    const host = await startReady([], {}, home);
    const text = readFileSync(recordPath, "utf8");
    expect(text.endsWith("\n")).toBe(true);
    const all = text.trimEnd().split("\n");
    expect(all.every((line) => isJson(line))).toBe(true);
    expect(hostEvents(host).filter((event) => event.kind === "error")[0]?.message).toContain(
      "torn last line of",
    );
  });
});

function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function isJson(line: string): boolean {
  try {
    JSON.parse(line);
    return true;
  } catch {
    return false;
  }
}
