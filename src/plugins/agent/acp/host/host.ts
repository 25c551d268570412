import { readFileSync } from "node:fs";
import type { McpServer } from "@agentclientprotocol/sdk";
import {
  AoError,
  isAoError,
  messageOf,
  processStartTime,
  type ToolKind,
} from "../../../../core/plugin-api.js";
import { takeControlRequest } from "../control-request.js";
import { acpRecordPath } from "../record.js";
import { runAgentPhase, type HostParts } from "./agent-phase.js";
import { agentEnvironment, mcpServersFromEnv } from "./mcp-servers.js";
import { openRecord, type RecordWriter } from "./record-writer.js";
import { createScreen, type HostOutput, type Screen } from "./screen.js";
import { runTakeover } from "./takeover.js";

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

function autoAllowLines(kinds: readonly ToolKind[] | undefined): string[] {
  if (kinds === undefined || kinds.length === 0) return [];
  return [`  questions about ${kinds.join(", ")} tools are answered allow (agentConfig.autoAllow)`];
}

function failBeforeStart(record: RecordWriter, screen: Screen, message: string): number {
  record.host({ kind: "error", message });
  screen.lines([`! ${message}`]);
  return 2;
}
