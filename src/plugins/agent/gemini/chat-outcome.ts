import { readTextIfPresent } from "../../../core/plugin-api.js";
import { parseObject } from "../_shared/agent-events.js";

/**
 * What Gemini CLI's chat file (`~/.gemini/tmp/<project>/chats/session-*.jsonl`, the hooks'
 * `transcript_path`) says about one turn. Recorded from 0.61: the file is JSONL of message records
 * `{ id, timestamp, type: "user" | "gemini" | "error" | "info", content, toolCalls? }` and `$set`
 * patches. A failed turn leaves an `error` record with the CLI's own words (`[API Error: …]`, "The
 * model returned an empty response…"); an interrupted one an `info` "Request cancelled.".
 */
export interface ChatOutcome {
  error?: string;
  cancelled: boolean;
  /** A tool ran in the turn: then Gemini CLI may nudge the model once it answers with no text. */
  usedTools: boolean;
  /** The newest non-empty `gemini` message. */
  lastReply?: string;
}

/** Gemini CLI's own wording for an interrupted request (its `info` message). */
export const GEMINI_CANCELLED = "Request cancelled.";

/** The outcome of the records stamped within [from, to] (ms since the epoch). */
export function readChatOutcome(file: string | undefined, from: number, to: number): ChatOutcome {
  const outcome: ChatOutcome = { cancelled: false, usedTools: false };
  for (const record of records(file)) {
    const at = Date.parse(typeof record["timestamp"] === "string" ? record["timestamp"] : "");
    if (!(at >= from && at <= to)) continue;
    apply(outcome, record);
  }
  return outcome;
}

function apply(outcome: ChatOutcome, record: Record<string, unknown>): void {
  const content = record["content"];
  switch (record["type"]) {
    case "error":
      if (typeof content === "string" && content !== "") outcome.error = content;
      break;
    case "info":
      if (content === GEMINI_CANCELLED) outcome.cancelled = true;
      break;
    case "gemini":
      if (Array.isArray(record["toolCalls"]) && record["toolCalls"].length > 0) outcome.usedTools = true;
      if (typeof content === "string" && content.trim() !== "") outcome.lastReply = content;
      break;
    case "user":
      if (Array.isArray(content) && content.some((part) => isFunctionResponse(part)))
        outcome.usedTools = true;
      break;
  }
}

function isFunctionResponse(part: unknown): boolean {
  return typeof part === "object" && part !== null && "functionResponse" in part;
}

function records(file: string | undefined): Record<string, unknown>[] {
  if (file === undefined) return [];
  return (readTextIfPresent(file) ?? "")
    .split("\n")
    .map((line) => parseObject(line))
    .filter((record): record is Record<string, unknown> => record !== undefined && !("$set" in record));
}
