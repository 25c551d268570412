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
  /** `startTime`: the pid's start time (/proc), so `ao session takeover` signals this host and no other. */
  | { kind: "started"; pid: number; startTime?: string; agentArgv: string[] }
  /** `session/new` or `session/load` answered: the conversation the host now speaks in. */
  | { kind: "ready"; acpSessionId: string; loaded: boolean; canLoad: boolean; agentInfo?: AgentInfo }
  /** A person or ao gave the host input through its terminal (no text: only what it was). */
  | { kind: "input"; what: "prompt" | "answer" | "cancel"; bytes: number }
  /** A permission question the host answered by itself: `agentConfig.autoAllow` names its tool's kind. */
  | { kind: "auto_allowed"; toolCallId: string; toolKind: string; optionId: string }
  | { kind: "agent_exit"; code: number | null; signal: string | null; stderrTail: string }
  /**
   * `ao session takeover`: the ACP agent is stopped and the agent's own TUI (`argv`) resumes the
   * conversation in the host's terminal; ao types nothing into it until `handback`.
   */
  | { kind: "takeover"; acpSessionId: string; argv: string[] }
  /** A takeover the host refused, and why (a turn runs, no terminal, no TUI known). */
  | { kind: "takeover_refused"; reason: string }
  /** The TUI ended (`ao session handback`, or the person quit it): the host loads the conversation again. */
  | { kind: "handback"; code: number | null; signal: string | null }
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
