import type { AgentSignals } from "../../../core/plugin-api.js";
import { parseObject } from "../_shared/agent-events.js";
import { recordEntries } from "./record-entries.js";
import type { RecordLine } from "./record.js";

/**
 * `Agent.signals` of an ACP session: its host's record (record.ts), which the host appends to as
 * messages cross. The agent's answer to a request (a prompt's stop reason or error: a turn ended), a
 * permission question for a person and the agent's exit wake the daemon; the stream of chunks, tool
 * calls and plans does not.
 */
export function recordSignals(recordOf: (sessionId: string) => string): AgentSignals {
  return { file: ({ sessionId }) => recordOf(sessionId), wakes: recordLineWakes };
}

/** Pure: does this record line end a turn, ask a person, or tell that the agent exited? */
export function recordLineWakes(text: string): boolean {
  const value = parseObject(text);
  const line = value === undefined ? undefined : recordEntries([{ value, start: 0 }])[0]?.line;
  return line !== undefined && wakes(line);
}

function wakes(line: RecordLine): boolean {
  if (line.dir === "host") return line.event.kind === "agent_exit";
  if (line.dir !== "in") return false;
  const { msg } = line;
  if (msg.method !== undefined) return msg.method === "session/request_permission";
  const stopReason = (msg.result as { stopReason?: unknown } | undefined)?.stopReason;
  return msg.id !== undefined && (msg.error !== undefined || stopReason !== undefined);
}
