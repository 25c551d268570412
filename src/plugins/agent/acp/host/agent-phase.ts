import { Readable, Writable } from "node:stream";
import {
  client,
  ndJsonStream,
  type ClientConnection,
  type McpServer,
  type SessionUpdate,
} from "@agentclientprotocol/sdk";
import { messageOf } from "../../../../core/plugin-api.js";
import type { ControlRequest } from "../control-request.js";
import { startAgent, type AgentExit, type AgentProcess } from "./agent-process.js";
import { createConversation, type Conversation } from "./conversation.js";
import type { HostInput } from "./host.js";
import { createKeyReader } from "./key-reader.js";
import { agentEnvironment } from "./mcp-servers.js";
import type { RecordWriter } from "./record-writer.js";
import { recordedStream } from "./recorded-stream.js";
import type { Screen } from "./screen.js";
import { startSession, type StartedSession } from "./session-start.js";
import { createUpdateView } from "./update-view.js";

/** A signal as the phases see it: `control` read into the request it carried. */
export type HostAsk = "stop" | "interrupt" | ControlRequest;

const STOP_GRACE_MS = 3000;

/** What the host's phases share: where it draws and records, and where keys and signals go now. */
export interface HostParts {
  screen: Screen;
  record: RecordWriter;
  mcpServers: McpServer[];
  /** SIGTERM/SIGHUP came during a takeover: after the TUI, the host ends instead of starting the agent. */
  stopped?: boolean;
  /** Where the terminal's keys and the process's signals go now: the phase that runs. */
  route: { keys?: ((data: Buffer | string) => void) | undefined; signal: (what: HostAsk) => void };
}

/** How an agent phase ended: the agent exited (the host ends), or a takeover stopped it. */
export type PhaseEnd = { kind: "exit"; code: number } | { kind: "takeover"; acpSessionId: string };

/** One run of the ACP agent: until it exits, or a takeover stops it. */
export async function runAgentPhase(
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

function exitLines(exit: AgentExit): string[] {
  const how = exit.signal === null ? `code ${String(exit.code)}` : `signal ${exit.signal}`;
  const tail = exit.stderrTail.trimEnd();
  return [
    `■ the agent exited (${how})`,
    ...(tail === "" ? [] : tail.split("\n").map((line) => `  stderr: ${line}`)),
  ];
}
