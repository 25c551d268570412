import { idText, isRequest, isResponseTo, type RecordEntry } from "./record-entries.js";
import type { RecordLine } from "./record.js";

/**
 * A turn as the record tells it (pure; docs/acp.md): the first `session/prompt` the host sent after
 * the cursor starts it, and the agent's response to that prompt ends it, with its stop reason:
 * `end_turn` completed, `cancelled` interrupted, anything else (refusal, max_tokens,
 * max_turn_requests) or a JSON-RPC error failed. The agent exiting, or a new host starting, before
 * the response ends it failed too: that prompt is never answered.
 */
export interface AcpTurnState {
  /** The prompt's JSON-RPC id (idText) and where its line starts. */
  promptId?: string;
  promptAt?: number;
  startedAt?: number;
}

export interface AcpTurnEnd {
  outcome: "completed" | "failed" | "interrupted";
  /** Why it failed, in the agent's words where it gave any (the reply is added by the caller). */
  error?: string;
  at: number;
  /** Where the line that ended it starts: the turn's lines lie between `promptAt` and here. */
  endAt: number;
}

export function foldTurn(
  entries: readonly RecordEntry[],
  state: AcpTurnState,
): { state: AcpTurnState; end?: AcpTurnEnd } {
  let next = state;
  for (const { line, start } of entries) {
    if (next.promptId === undefined) {
      if (line.dir !== "host" && isRequest(line, "out", "session/prompt"))
        next = { promptId: idText(line.msg.id), promptAt: start, startedAt: line.t };
      continue;
    }
    const end = endOf(line, next.promptId);
    if (end !== undefined) return { state: next, end: { ...end, at: line.t, endAt: start } };
  }
  return { state: next };
}

function endOf(line: RecordLine, promptId: string): Omit<AcpTurnEnd, "at" | "endAt"> | undefined {
  if (line.dir === "host") {
    const { event } = line;
    if (event.kind === "agent_exit") return { outcome: "failed", error: agentExitWords(event) };
    if (event.kind === "started")
      return { outcome: "failed", error: "the ACP host was restarted before the agent answered the prompt" };
    return undefined;
  }
  if (!isResponseTo(line, "in", promptId)) return undefined;
  // A response to the prompt: a JSON-RPC error, or a result with the stop reason.
  if (line.msg.error !== undefined)
    return {
      outcome: "failed",
      error: `the agent answered the prompt with an error: ${line.msg.error.message}`,
    };
  const stopReason = (line.msg.result as { stopReason?: unknown } | undefined)?.stopReason;
  if (stopReason === "end_turn") return { outcome: "completed" };
  if (stopReason === "cancelled") return { outcome: "interrupted" };
  return { outcome: "failed", error: stopWords(stopReason) };
}

/** The stop reasons that fail a turn, as a person reads them. */
function stopWords(stopReason: unknown): string {
  switch (stopReason) {
    case "refusal":
      return "the agent refused to go on (stop reason: refusal)";
    case "max_tokens":
      return "the agent ran out of output tokens (stop reason: max_tokens)";
    case "max_turn_requests":
      return "the agent reached its limit of model requests for one turn (stop reason: max_turn_requests)";
    default:
      return `the agent stopped with an unknown stop reason: ${JSON.stringify(stopReason ?? null)}`;
  }
}

function agentExitWords(event: { code: number | null; signal: string | null; stderrTail: string }): string {
  const how = event.signal === null ? `code ${String(event.code ?? "unknown")}` : `signal ${event.signal}`;
  const tail = event.stderrTail.trim();
  return `the ACP agent exited (${how}) during the turn${tail === "" ? "" : `:\n${tail}`}`;
}
