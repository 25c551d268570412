import { readFileSync } from "node:fs";
import { Readable, Writable } from "node:stream";
import {
  client,
  ndJsonStream,
  type ClientConnection,
  type McpServer,
  type SessionUpdate,
} from "@agentclientprotocol/sdk";
import {
  AoError,
  isAoError,
  messageOf,
  processStartTime,
  type ToolKind,
} from "../../../../core/plugin-api.js";
import { acpRecordPath } from "../record.js";
import { startAgent, type AgentExit, type AgentProcess } from "./agent-process.js";
import { createConversation, type Conversation } from "./conversation.js";
import { createKeyReader } from "./key-reader.js";
import { agentEnvironment, mcpServersFromEnv } from "./mcp-servers.js";
import { openRecord, type RecordWriter } from "./record-writer.js";
import { recordedStream } from "./recorded-stream.js";
import { createScreen, type HostOutput, type Screen } from "./screen.js";
import { startSession, type StartedSession } from "./session-start.js";
import { takeControlRequest, type ControlRequest } from "../control-request.js";
import { runTakeover } from "./takeover.js";
import { createUpdateView } from "./update-view.js";

/** The host's terminal: where it draws and where its keys come from. */
export interface HostTerminal {
  output: HostOutput;
  /** Not a terminal but a pipe (the process runtime): LF is Enter. */
  lineMode: boolean;
  onData(listener: (data: Buffer | string) => void): void;
  /** A takeover's TUI gets the terminal: stop reading it and give back its modes. */
  suspend(): void;
  /** The TUI ended: read the terminal again in the host's modes. */
  resume(): void;
}

/** What a signal asks of the host: SIGTERM/SIGHUP stop, SIGINT interrupt, SIGUSR2 read the control request. */
export type HostSignal = "stop" | "interrupt" | "control";

/** A signal as the phases see it: `control` read into the request it carried. */
type HostAsk = "stop" | "interrupt" | ControlRequest;

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
  /** `--takeover`: the agent's own TUI that resumes the conversation (`{session}` is its id). */
  takeover?: readonly string[] | undefined;
  clientVersion: string;
  pid: number;
  terminal: HostTerminal;
  onSignal(listener: (what: HostSignal) => void): void;
  now(): number;
}

const STOP_GRACE_MS = 3000;

interface HostParts {
  screen: Screen;
  record: RecordWriter;
  mcpServers: McpServer[];
  /** SIGTERM/SIGHUP came during a takeover: after the TUI, the host ends instead of starting the agent. */
  stopped?: boolean;
  /** Where the terminal's keys and the process's signals go now: the phase that runs. */
  route: { keys?: ((data: Buffer | string) => void) | undefined; signal: (what: HostAsk) => void };
}

/** How an agent phase ended: the agent exited (the host ends), or a takeover stopped it. */
type PhaseEnd = { kind: "exit"; code: number } | { kind: "takeover"; acpSessionId: string };

/**
 * `ao acp-host`: runs one ACP agent for one ao session (docs/acp.md, "The host"). It lives as long
 * as the agent and resolves to the exit code: 0 when it was told to stop or the agent exited 0.
 * A takeover (docs/acp.md, "Taking over") stops the agent, runs its TUI in the terminal until the
 * handback, then starts the agent again on the same conversation (`session/load`).
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
  const parts: HostParts = {
    screen,
    record,
    mcpServers: given.mcpServers,
    route: { signal: () => undefined },
  };
  input.terminal.onData((data) => parts.route.keys?.(data));
  input.onSignal((what) => {
    const ask = what === "control" ? takeControlRequest(record.path) : what;
    if (ask !== undefined) parts.route.signal(ask);
  });
  record.host({
    kind: "started",
    pid: input.pid,
    startTime: processStartTime(input.pid),
    agentArgv: input.agentArgv,
  });
  screen.lines([`ao acp-host: starting ${input.agentArgv.join(" ")}`, ...autoAllowLines(input.autoAllow)]);
  let start = { load: input.load, task: given.task };
  for (;;) {
    const ended = await runAgentPhase(input, parts, start);
    if (ended.kind === "exit") return ended.code;
    await runTakeover({
      argvTemplate: input.takeover ?? [],
      acpSessionId: ended.acpSessionId,
      cwd: input.cwd,
      env: agentEnvironment(input.env),
      screen,
      record,
      suspendTerminal: () => input.terminal.suspend(),
      resumeTerminal: () => input.terminal.resume(),
      onHandback: (listener) => {
        parts.route = {
          signal: (what) => {
            if (what === "stop") parts.stopped = true;
            if (what === "handback" || what === "stop") listener();
          },
        };
      },
    });
    if (parts.stopped === true) {
      record.host({ kind: "agent_exit", code: 0, signal: null, stderrTail: "stopped during a takeover" });
      return 0;
    }
    start = { load: ended.acpSessionId, task: undefined };
  }
}

/** One run of the ACP agent: until it exits, or a takeover stops it. */
async function runAgentPhase(
  input: HostInput,
  parts: HostParts,
  start: { load: string | undefined; task: string | undefined },
): Promise<PhaseEnd> {
  const { screen, record } = parts;
  const agent = startAgent(input.agentArgv, input.cwd, agentEnvironment(input.env));
  let stopping = false;
  let takingOver: string | undefined;
  let acpSessionId: string | undefined;
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
  const takeover = (): void => {
    const refused = takeoverRefusal(input, acpSessionId, conversation.busy());
    if (refused !== undefined) {
      record.host({ kind: "takeover_refused", reason: refused });
      screen.lines([`! no takeover: ${refused}`]);
      return;
    }
    takingOver = acpSessionId;
    agent.stop(STOP_GRACE_MS);
  };
  parts.route = {
    keys: (data) => keys.feed(data),
    signal: (what) => {
      if (what === "stop") stop();
      else if (what === "interrupt") conversation.interrupt(1);
      else if (what === "takeover" && takingOver === undefined) takeover();
    },
  };
  const connection = connectAgent(agent, record, conversation, createUpdateView(screen, input.cwd));
  const session = {
    cwd: input.cwd,
    mcpServers: parts.mcpServers,
    load: start.load,
    clientVersion: input.clientVersion,
  };
  startSession(connection.agent, session)
    .then((started) => {
      acpSessionId = started.acpSessionId;
      announce(record, screen, started);
      // A loaded conversation had its task already: a restore must not give it again.
      conversation.ready(connection.agent, started.acpSessionId, started.loaded ? undefined : start.task);
    })
    .catch((error: unknown) => {
      if (stopping || takingOver !== undefined) return;
      failStart(record, screen, error);
      stop();
    });
  const exit = await agent.exited;
  connection.close();
  parts.route = { signal: () => undefined };
  screen.input("", "");
  if (takingOver !== undefined && !stopping) return { kind: "takeover", acpSessionId: takingOver };
  record.host({ kind: "agent_exit", code: exit.code, signal: exit.signal, stderrTail: exit.stderrTail });
  screen.lines(exitLines(exit));
  return { kind: "exit", code: stopping || exit.code === 0 ? 0 : 1 };
}

/** Why the host cannot hand the conversation to the TUI now; undefined: it can. */
function takeoverRefusal(
  input: HostInput,
  acpSessionId: string | undefined,
  busy: string | undefined,
): string | undefined {
  if (input.takeover === undefined || input.takeover.length === 0)
    return "this agent has no TUI that resumes an ACP conversation (docs/acp.md, Taking over)";
  if (input.terminal.lineMode) return "the session has no terminal for a TUI (the process runtime)";
  if (acpSessionId === undefined) return "the ACP session has not started yet";
  return busy;
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
