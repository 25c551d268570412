import { join } from "node:path";

/**
 * The record of an ACP session, kept by its host process (`ao acp-host`, docs/acp.md): every
 * JSON-RPC message between the host (the ACP client) and the agent, one JSON object per line, in
 * the order the host saw them, plus the host's own lifecycle lines. The host is its only writer;
 * the `acp` agent plugin reads it (from a byte offset, like a transcript) to tell turns, replies,
 * tool calls, plans and permission questions. This file is the contract between the two.
 */

/** A JSON-RPC 2.0 message as it crossed the agent's stdio. */
export interface JsonRpcMessage {
  jsonrpc: "2.0";
  id?: number | string;
  method?: string;
  params?: unknown;
  result?: unknown;
  error?: { code: number; message: string; data?: unknown };
}

/** What the host itself did or saw (never an ACP message). */
export type HostEvent =
  | { kind: "started"; pid: number; agentArgv: string[] }
  /** `session/new` or `session/load` answered: the conversation the host now speaks in. */
  | { kind: "ready"; acpSessionId: string; loaded: boolean; canLoad: boolean; agentInfo?: AgentInfo }
  /** A person or ao gave the host input through its terminal (no text: only what it was). */
  | { kind: "input"; what: "prompt" | "answer" | "cancel"; bytes: number }
  /** A permission question the host answered by itself: `agentConfig.autoAllow` names its tool's kind. */
  | { kind: "auto_allowed"; toolCallId: string; toolKind: string; optionId: string }
  | { kind: "agent_exit"; code: number | null; signal: string | null; stderrTail: string }
  | { kind: "error"; message: string };

export interface AgentInfo {
  name: string;
  version?: string;
}

/** One line of the record; `t` is ms since the epoch. `out` = host → agent, `in` = agent → host. */
export type RecordLine =
  { t: number; dir: "out" | "in"; msg: JsonRpcMessage } | { t: number; dir: "host"; event: HostEvent };

/** Where a session's record lives: under AO_HOME, so it outlives the worktree and any ao command. */
export function acpRecordPath(aoHome: string, sessionId: string): string {
  return join(aoHome, "acp", `${sessionId}.jsonl`);
}
