import { readdirSync } from "node:fs";
import { join } from "node:path";
import type { UsageProbe, UsageRead, UsageRecord } from "../../../core/plugin-api.js";
import { stringField } from "../_shared/agent-events.js";
import { count, readUsageLines, timeOf } from "../_shared/usage-files.js";
import { projectName } from "./sessions.js";

/**
 * Gemini CLI's usage (recorded from 0.61.0, test/fixtures/agents/gemini/turns/chat.jsonl): each
 * `type: "gemini"` message of `~/.gemini/tmp/<project>/chats/session-*.jsonl` gets `tokens` (the
 * API's usageMetadata: `input` = promptTokenCount with `cached` in it, `output`, `thoughts`, `tool`
 * = toolUsePromptTokenCount) and `model`. Gemini CLI appends a message again under the same `id`
 * when it adds the tokens, and a `$set` of `messages` rewrites them: the record is the message id's
 * latest line.
 */
export function readGeminiUsage(geminiHome: string, probe: UsageProbe): UsageRead {
  return readUsageLines(chatFiles(geminiHome, probe.worktree), probe.cursor, "gemini chat", (line) =>
    messagesOf(line).flatMap((message) => geminiRecord(message) ?? []),
  );
}

function chatFiles(geminiHome: string, worktree: string): string[] {
  const name = projectName(geminiHome, worktree);
  if (name === undefined) return [];
  const chats = join(geminiHome, "tmp", name, "chats");
  try {
    return readdirSync(chats)
      .filter((file) => file.startsWith("session-") && file.endsWith(".jsonl"))
      .sort()
      .map((file) => join(chats, file));
  } catch {
    return [];
  }
}

/** A line is one message, or a `$set` whose `messages` replaces them all. */
function messagesOf(line: Record<string, unknown>): Record<string, unknown>[] {
  const set = line["$set"] as Record<string, unknown> | undefined;
  const messages = set?.["messages"];
  if (Array.isArray(messages))
    return messages.filter((m): m is Record<string, unknown> => typeof m === "object" && m !== null);
  return [line];
}

export function geminiRecord(message: Record<string, unknown>): UsageRecord | undefined {
  if (stringField(message, "type") !== "gemini") return undefined;
  const tokens = message["tokens"] as Record<string, unknown> | undefined;
  const id = stringField(message, "id");
  const at = timeOf(message["timestamp"]);
  if (tokens === undefined || id === undefined || at === undefined) return undefined;
  const cacheRead = Math.min(count(tokens, "cached"), count(tokens, "input"));
  const counts = {
    input: count(tokens, "input") - cacheRead + count(tokens, "tool"),
    output: count(tokens, "output") + count(tokens, "thoughts"),
    cacheRead,
    cacheWrite: 0,
    cacheWrite1h: 0,
  };
  if (Object.values(counts).every((n) => n === 0)) return undefined;
  return { key: id, at, model: stringField(message, "model") ?? null, tokens: counts };
}
