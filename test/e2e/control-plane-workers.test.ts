import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterEach, describe, expect, it } from "vitest";
import { AO_BIN } from "../helpers/run-ao.js";
import { eventually, makeE2e, type E2e } from "./e2e-fixture.js";

/**
 * The control plane's workers end to end (issue 13): the official MCP SDK client spawns the built
 * `ao mcp` over stdio as a commander would; workers are the fake agent CLIs in real tmux, each
 * handed `ao mcp --worker --secret-file …` by its plugin, which the fake really spawns and connects
 * to, calling orch_report when the turn asks (test/fixtures/bin/_fake-mcp.mjs). The fakes' turns
 * come from FAKE_AGENT_TURNS_FILE, rewritten before each instruction.
 */
interface World extends E2e {
  commander(name: string): Promise<Client>;
  /**
   * open_session, then waits until the fake connected to its ao (it does at start, while its first
   * prompt runs): a turns file written after that is read by the commander's turns only.
   */
  open(commander: Client, agent: string): Promise<string>;
  worker(secretFile: string): Promise<Client>;
  nextTurns(settings: Record<string, unknown>): void;
  mcpLog(): { agent: string; event: string; tools?: string[] }[];
}

const clients: Client[] = [];
const worlds: E2e[] = [];

afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close().catch(() => undefined)));
  for (const e2e of worlds.splice(0)) e2e.ao(["stop"]);
});

function world(): World {
  const e2e = makeE2e();
  worlds.push(e2e);
  const turnsFile = join(e2e.userHome, "turns.json");
  const mcpLog = join(e2e.userHome, "mcp.jsonl");
  writeFileSync(turnsFile, "{}");
  Object.assign(e2e.env, { FAKE_AGENT_TURNS_FILE: turnsFile, FAKE_AGENT_MCP_LOG: mcpLog });
  writeFileSync(
    join(e2e.configDir, "agent-orchestrator.yaml"),
    `port: 0\ncontrolPlane:\n  enabled: true\n  sendBoundS: 20\nprojects:\n  app:\n    path: ${e2e.repo.dir}\n`,
  );
  const connections = () =>
    existsSync(mcpLog) ? readFileSync(mcpLog, "utf8").split('"event":"connected"').length - 1 : 0;
  const connect = async (args: string[], env: Record<string, string>): Promise<Client> => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [AO_BIN, ...args],
      cwd: e2e.configDir,
      env: { ...e2e.env, ...env },
      stderr: "pipe",
    });
    const client = new Client({ name: "e2e", version: "0.0.0" });
    await client.connect(transport);
    clients.push(client);
    return client;
  };
  return Object.assign(e2e, {
    commander: async (name: string) => {
      const created = e2e.ao(["mcp", "tokens", "create", name]);
      expect(created.exitCode, created.stderr).toBe(0);
      const tokenFile = join(e2e.home, "control", "commanders", `${name}.token`);
      expect(created.stdout).toContain(tokenFile);
      return connect(["mcp"], { AO_COMMANDER_TOKEN_FILE: tokenFile });
    },
    worker: (secretFile: string) => connect(["mcp", "--worker", "--secret-file", secretFile], {}),
    open: async (commander: Client, agent: string) => {
      const before = connections();
      const opened = ok<{ session_id: string }>(await call(commander, "open_session", { agent }));
      await eventually(() => (connections() > before ? true : undefined), "the worker's MCP connection");
      return opened.session_id;
    },
    nextTurns: (settings: Record<string, unknown>) => writeFileSync(turnsFile, JSON.stringify(settings)),
    mcpLog: () =>
      readFileSync(mcpLog, "utf8")
        .split("\n")
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { agent: string; event: string; tools?: string[] }),
  });
}

async function call(client: Client, name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args }, undefined, {
    timeout: 120_000,
  })) as CallToolResult;
}

function ok<T>(result: CallToolResult): T {
  expect(result.isError, JSON.stringify(result.content)).not.toBe(true);
  return result.structuredContent as T;
}

function errorText(result: CallToolResult): string {
  expect(result.isError).toBe(true);
  return result.content.map((part) => (part.type === "text" ? part.text : "")).join("\n");
}

/**
 * A call ao refuses: the daemon answers an unknown worker secret with HTTP 401 before any tool runs,
 * which the bridge turns into a JSON-RPC error; a refusal inside a tool is a tool error. Either way
 * the text says why.
 */
async function refusal(client: Client, name: string, args: Record<string, unknown>): Promise<string> {
  try {
    return errorText(await call(client, name, args));
  } catch (error) {
    return (error as Error).message;
  }
}

interface TurnAnswer {
  turn_id: string;
  status: string;
  reply?: string;
  reply_source?: string;
}

/** A turn's last word: `wait_turn` again while the result says running (an error ends it too). */
async function settled(client: Client, first: CallToolResult): Promise<CallToolResult> {
  let result = first;
  while (
    result.isError !== true &&
    (result.structuredContent as unknown as TurnAnswer).status === "running"
  ) {
    const { turn_id } = result.structuredContent as unknown as TurnAnswer;
    result = await call(client, "wait_turn", { turn_id, wait_s: 10 });
  }
  return result;
}

/** `send`, then `wait_turn` while it says running: the turn's answer. */
async function answer(client: Client, sessionId: string, message: string): Promise<TurnAnswer> {
  return ok<TurnAnswer>(
    await settled(client, await call(client, "send", { session_id: sessionId, message })),
  );
}

/** A port nothing listens on now, for the daemon's HTTP server. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address !== null ? address.port : 0));
    });
  });
}

function secretFile(e2e: E2e, sessionId: string): string {
  return join(e2e.home, "control", "workers", `${sessionId}.secret`);
}

describe.each(["claude-code", "codex"])("a %s worker over the control plane", (agent) => {
  it(
    "connects to the ao it was handed; its orch_report is the turn's reply, ahead of its own signals",
    { timeout: 240_000 },
    async () => {
      const e2e = world();
      const commander = await e2e.commander("lead");
      const worker = await e2e.open(commander, agent);
      e2e.nextTurns({ reply: "the transcript's words", report: "the report's words" });
      const reported = await answer(commander, worker, "Why does the parser fail?");
      expect(reported).toMatchObject({ reply: "the report's words", reply_source: "report" });
      const fake = agent === "codex" ? "codex" : "claude";
      expect(e2e.mcpLog()).toContainEqual(
        expect.objectContaining({ agent: fake, event: "connected", tools: ["orch_report"] }),
      );
      // Without a report the reply comes from the agent's own signals, and the result says so.
      e2e.nextTurns({ reply: "the transcript's words" });
      const own = await answer(commander, worker, "And the lexer?");
      expect(own.reply).toBe("the transcript's words");
      expect(own.reply_source).not.toBe("report");
    },
  );
});

describe("a worker with its commander over Streamable HTTP", () => {
  it(
    "reports to a commander that reached the daemon's /mcp with its bearer token",
    { timeout: 240_000 },
    async () => {
      const e2e = world();
      const port = await freePort();
      writeFileSync(
        join(e2e.configDir, "agent-orchestrator.yaml"),
        `port: ${port}\ncontrolPlane:\n  enabled: true\n  http: true\nprojects:\n  app:\n    path: ${e2e.repo.dir}\n`,
      );
      expect(e2e.ao(["mcp", "tokens", "create", "web-lead"]).exitCode).toBe(0);
      const token = readFileSync(join(e2e.home, "control", "commanders", "web-lead.token"), "utf8").trim();
      const started = e2e.ao(["start", "--json"]);
      expect(started.exitCode, started.stderr).toBe(0);
      const client = new Client({ name: "e2e-http", version: "0.0.0" });
      await client.connect(
        new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/mcp`), {
          requestInit: { headers: { Authorization: `Bearer ${token}` } },
        }),
      );
      clients.push(client);
      const worker = await e2e.open(client, "claude-code");
      e2e.nextTurns({ reply: "the transcript's words", report: "reported over the socket" });
      expect(await answer(client, worker, "What changed?")).toMatchObject({
        reply: "reported over the socket",
        reply_source: "report",
      });
    },
  );
});

describe("worker secrets", () => {
  it(
    "a report is its own worker's alone: a forged or closed worker's secret is refused",
    { timeout: 240_000 },
    async () => {
      const e2e = world();
      const commander = await e2e.commander("lead");
      const a = { session_id: await e2e.open(commander, "claude-code") };
      const b = { session_id: await e2e.open(commander, "claude-code") };

      // A works on a long turn; B's secret reports meanwhile: a message of B's, never A's reply.
      // A's turn lasts until B has reported (the release file), however slow the machine.
      const release = join(e2e.userHome, "release-a");
      e2e.nextTurns({ reply: "A's own answer", workUntil: release });
      const running = ok<TurnAnswer>(
        await call(commander, "send_async", { session_id: a.session_id, message: "Take your time" }),
      );
      const asB = await e2e.worker(secretFile(e2e, b.session_id));
      const fromB = ok<{ turn_id: string | null }>(await call(asB, "orch_report", { text: "B speaks" }));
      expect(fromB.turn_id).toBeNull();
      writeFileSync(release, "");
      const done = ok<TurnAnswer>(
        await settled(
          commander,
          await call(commander, "wait_turn", { turn_id: running.turn_id, wait_s: 10 }),
        ),
      );
      expect(done.reply).toBe("A's own answer");

      const forgedFile = join(e2e.userHome, "forged.secret");
      writeFileSync(forgedFile, "0".repeat(64), { mode: 0o600 });
      // A secret of no open worker is refused before any tool: the connection itself is turned away.
      await expect(e2e.worker(forgedFile)).rejects.toThrow(/401.*belongs to no open worker/);

      // The secret is read per call: after close_session the same connection is refused.
      ok(await call(commander, "close_session", { session_id: b.session_id }));
      // close_session removes the secret file, so the same connection cannot report any more.
      expect(await refusal(asB, "orch_report", { text: "still here?" })).toMatch(
        /cannot read the worker secret|401|E_UNAUTHORIZED/,
      );
    },
  );
});

describe("a worker whose CLI cannot run", () => {
  it(
    "fails its turn with the CLI's own words and the hint to run the CLI in a terminal",
    { timeout: 240_000 },
    async () => {
      const e2e = world();
      const commander = await e2e.commander("lead");
      const worker = await e2e.open(commander, "codex");
      e2e.nextTurns({ fail: "stream error: unexpected status 401 Unauthorized" });
      const sent = await call(commander, "send", { session_id: worker, message: "Fix it" });
      const text = errorText(await settled(commander, sent));
      expect(text).toContain("stream error: unexpected status 401 Unauthorized");
      expect(text).toContain("run `codex` once in a terminal");
    },
  );

  it(
    "that exits at start: open_session or its first turn says so with the CLI's words",
    { timeout: 240_000 },
    async () => {
      const e2e = world();
      const commander = await e2e.commander("lead");
      e2e.nextTurns({ startFail: "Not logged in · Please run /login" });
      const opened = await call(commander, "open_session", { agent: "claude-code" });
      let text: string;
      if (opened.isError === true) text = errorText(opened);
      else {
        const { session_id } = opened.structuredContent as { session_id: string };
        text = errorText(
          await settled(commander, await call(commander, "send", { session_id, message: "Hello?" })),
        );
      }
      expect(text).toContain("Not logged in · Please run /login");
      expect(text).toContain("run `claude` once in a terminal");
    },
  );
});

describe("a worker sent a message right after open_session", () => {
  it(
    "answers it with the reply to that message, never the task's: the task is the spawn's own turn",
    { timeout: 240_000 },
    async () => {
      const e2e = world();
      // ao's own start-up watch, as a person runs it: the spawn ends once the agent's hooks say it
      // settled (SessionStart), before its task's prompt is submitted.
      e2e.env["AO_SPAWN_WATCH_MS"] = "5000";
      e2e.nextTurns({
        replies: { "You are a worker session": "I am ready for instructions.", "What is 2+2?": "4" },
        workMs: 1_500,
      });
      const commander = await e2e.commander("lead");
      const opened = ok<{ session_id: string }>(
        await call(commander, "open_session", { agent: "claude-code" }),
      );
      // At once, as the docs show: no waiting for the worker to settle.
      const sent = await answer(commander, opened.session_id, "What is 2+2?");
      expect(sent).toMatchObject({ status: "completed", reply: "4" });
      const listed = e2e.ao(["turns", opened.session_id, "--json"]);
      expect(listed.exitCode, listed.stderr).toBe(0);
      const turns = (JSON.parse(listed.stdout) as { turns: { id: string; origin: string; status: string }[] })
        .turns;
      expect(turns.map(({ origin, status }) => ({ origin, status }))).toEqual([
        { origin: "spawn", status: "completed" },
        { origin: "mcp", status: "completed" },
      ]);
      expect(sent.turn_id).toBe(turns[1]?.id);
      const task = e2e.ao(["turns", "show", turns[0]?.id ?? "", "--json"]);
      expect(JSON.parse(task.stdout)).toMatchObject({ reply: "I am ready for instructions." });
    },
  );
});
