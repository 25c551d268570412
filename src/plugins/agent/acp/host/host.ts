import { readFileSync } from "node:fs";
import { Readable, Writable } from "node:stream";
import {
  client,
  ndJsonStream,
  type ClientConnection,
  type McpServer,
  type SessionUpdate,
} from "@agentclientprotocol/sdk";
import { AoError, isAoError, messageOf, type ToolKind } from "../../../../core/plugin-api.js";
import { acpRecordPath } from "../record.js";
import { startAgent, type AgentExit, type AgentProcess } from "./agent-process.js";
import { createConversation, type Conversation } from "./conversation.js";
import { createKeyReader } from "./key-reader.js";
import { agentEnvironment, mcpServersFromEnv } from "./mcp-servers.js";
import { openRecord, type RecordWriter } from "./record-writer.js";
import { recordedStream } from "./recorded-stream.js";
import { createScreen, type HostOutput, type Screen } from "./screen.js";
import { startSession, type StartedSession } from "./session-start.js";
import { createUpdateView } from "./update-view.js";

/** The host's terminal: where it draws and where its keys come from. */
export interface HostTerminal {
  output: HostOutput;
  /** Not a terminal but a pipe (the process runtime): LF is Enter. */
  lineMode: boolean;
  onData(listener: (data: Buffer | string) => void): void;
}

export interface HostInput {
  agentArgv: string[];
  cwd: string;
  env: Readonly<Record<string, string | undefined>>;
  /** AO_HOME and the ao session: where the record is (`acpRecordPath`). */
  aoHome: string;
  sessionId: string;
  /** `--load`: the ACP session to continue. */
  load?: string | undefined;
  /** `--prompt-file`: the spawn's task, the first `session/prompt`. */
  promptFile?: string | undefined;
  /** `--auto-allow`: the tool kinds whose questions the host answers allow by itself. */
  autoAllow?: readonly ToolKind[] | undefined;
  clientVersion: string;
  pid: number;
  terminal: HostTerminal;
  /** SIGTERM/SIGHUP are "stop" (the agent is stopped, then the host ends); SIGINT is Ctrl-C. */
  onSignal(listener: (what: "stop" | "interrupt") => void): void;
  now(): number;
}

const STOP_GRACE_MS = 3000;

/**
 * `ao acp-host`: runs one ACP agent for one ao session (docs/acp.md, "The host"). It lives as long
 * as the agent and resolves to the exit code: 0 when it was told to stop or the agent exited 0.
 */
export async function runAcpHost(input: HostInput): Promise<number> {
  const screen = createScreen(input.terminal.output);
  const record = openRecord(
    acpRecordPath(input.aoHome, input.sessionId),
    () => input.now(),
    (message) => screen.lines([`! ${message}`]),
  );
  let given: { mcpServers: McpServer[]; task: string | undefined };
  try {
    given = { mcpServers: mcpServersFromEnv(input.env), task: readTask(input.promptFile) };
  } catch (error) {
    const hint = isAoError(error) && error.hint !== undefined ? `; ${error.hint}` : "";
    return failBeforeStart(record, screen, `${messageOf(error)}${hint}`);
  }
  const agent = startAgent(input.agentArgv, input.cwd, agentEnvironment(input.env));
  record.host({ kind: "started", pid: input.pid, agentArgv: input.agentArgv });
  screen.lines([`ao acp-host: starting ${input.agentArgv.join(" ")}`, ...autoAllowLines(input.autoAllow)]);
  let stopping = false;
  const stop = (): void => {
    stopping = true;
    agent.stop(STOP_GRACE_MS);
  };
  const conversation = createConversation({
    screen,
    record,
    cwd: input.cwd,
    autoAllow: input.autoAllow ?? [],
    quit: stop,
  });
  const keys = createKeyReader((key) => conversation.onKey(key), {
    lineMode: input.terminal.lineMode,
    escapeWaitMs: 30,
  });
  input.terminal.onData((data) => keys.feed(data));
  input.onSignal((what) => (what === "stop" ? stop() : conversation.interrupt(1)));
  const connection = connectAgent(agent, record, conversation, createUpdateView(screen, input.cwd));
  const session = {
    cwd: input.cwd,
    mcpServers: given.mcpServers,
    load: input.load,
    clientVersion: input.clientVersion,
  };
  startSession(connection.agent, session)
    .then((started) => {
      announce(record, screen, started);
      // A loaded conversation had its task already: a restore must not give it again.
      conversation.ready(connection.agent, started.acpSessionId, started.loaded ? undefined : given.task);
    })
    .catch((error: unknown) => {
      if (stopping) return;
      failStart(record, screen, error);
      stop();
    });
  const exit = await agent.exited;
  record.host({ kind: "agent_exit", code: exit.code, signal: exit.signal, stderrTail: exit.stderrTail });
  screen.input("", "");
  screen.lines(exitLines(exit));
  connection.close();
  return stopping || exit.code === 0 ? 0 : 1;
}

/** The SDK's client over the agent's stdio, every message recorded on its way. */
function connectAgent(
  agent: AgentProcess,
  record: RecordWriter,
  conversation: Conversation,
  view: (update: SessionUpdate) => void,
): ClientConnection {
  const app = client({ name: "ao-acp-host" })
    .onNotification("session/update", ({ params }) => view(params.update))
    .onRequest("session/request_permission", ({ params, signal }) => conversation.ask(params, signal));
  const wire = ndJsonStream(
    Writable.toWeb(agent.child.stdin),
    Readable.toWeb(agent.child.stdout) as ReadableStream<Uint8Array>,
  );
  return app.connect(recordedStream(wire, (dir, msg) => record.message(dir, msg)));
}

function readTask(promptFile: string | undefined): string | undefined {
  if (promptFile === undefined) return undefined;
  try {
    return readFileSync(promptFile, "utf8");
  } catch (error) {
    throw new AoError("E_USAGE", `cannot read the prompt file ${promptFile}: ${messageOf(error)}`, {
      hint: "the agent was not started; the session's task is in that file",
    });
  }
}

function failStart(record: RecordWriter, screen: Screen, error: unknown): void {
  const message = `the agent did not start an ACP session: ${messageOf(error)}`;
  record.host({ kind: "error", message });
  screen.lines([`! ${message}`]);
}

function announce(record: RecordWriter, screen: Screen, started: StartedSession): void {
  const { acpSessionId, loaded, canLoad, agentInfo } = started;
  record.host({ kind: "ready", acpSessionId, loaded, canLoad, ...(agentInfo ? { agentInfo } : {}) });
  const who = agentInfo
    ? `${agentInfo.name}${agentInfo.version ? ` ${agentInfo.version}` : ""}`
    : "the agent";
  screen.lines([
    ...(started.notLoaded ? [`! ${started.notLoaded}`] : []),
    `● ${who} · ACP session ${acpSessionId} (${loaded ? "loaded" : "new"})`,
    "  type a message and press Enter; Ctrl-C cancels a turn; Ctrl-D on an empty line ends the session",
  ]);
}

function autoAllowLines(kinds: readonly ToolKind[] | undefined): string[] {
  if (kinds === undefined || kinds.length === 0) return [];
  return [`  questions about ${kinds.join(", ")} tools are answered allow (agentConfig.autoAllow)`];
}

function exitLines(exit: AgentExit): string[] {
  const how = exit.signal === null ? `code ${String(exit.code)}` : `signal ${exit.signal}`;
  const tail = exit.stderrTail.trimEnd();
  return [
    `■ the agent exited (${how})`,
    ...(tail === "" ? [] : tail.split("\n").map((line) => `  stderr: ${line}`)),
  ];
}

function failBeforeStart(record: RecordWriter, screen: Screen, message: string): number {
  record.host({ kind: "error", message });
  screen.lines([`! ${message}`]);
  return 2;
}
