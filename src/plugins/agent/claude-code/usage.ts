import { readdirSync } from "node:fs";
import { join } from "node:path";
import type { UsageProbe, UsageRead, UsageRecord } from "../../../core/plugin-api.js";
import { stringField } from "../_shared/agent-events.js";
import { count, readUsageLines, timeOf } from "../_shared/usage-files.js";

/**
 * Claude Code's usage (recorded from 2.1.197, test/fixtures/agents/claude/): every assistant entry
 * of the transcripts in `<config dir>/projects/<cwd with each non-alphanumeric as "-">/` (the
 * session's and, under `<session>/subagents/`, its subagents') carries the API's `message.usage`
 * (input_tokens without cache, cache_creation_input_tokens — of them `cache_creation.
 * ephemeral_1h_input_tokens` for an hour —, cache_read_input_tokens, output_tokens) and
 * `message.model`. A response of several content blocks is written as several entries with the same
 * message id and request id: they are one record, the last entry's usage wins.
 */
export function readClaudeUsage(configDir: string, probe: UsageProbe): UsageRead {
  const files = transcripts(join(configDir, "projects", escapedCwd(probe.worktree)));
  return readUsageLines(files, probe.cursor, "claude-code transcript", (line) => {
    const record = usageRecord(line);
    return record === undefined ? [] : [record];
  });
}

/** How Claude Code names a project's folder: the cwd with every character but [A-Za-z0-9] as "-". */
export function escapedCwd(worktree: string): string {
  return worktree.replace(/[^A-Za-z0-9]/g, "-");
}

function transcripts(dir: string): string[] {
  const top = list(dir).filter((name) => name.endsWith(".jsonl"));
  const subagents = top.flatMap((name) => walk(join(dir, name.slice(0, -".jsonl".length), "subagents")));
  return [...top.map((name) => join(dir, name)), ...subagents];
}

function walk(dir: string): string[] {
  return list(dir).flatMap((name) => (name.endsWith(".jsonl") ? [join(dir, name)] : walk(join(dir, name))));
}

function list(dir: string): string[] {
  try {
    return readdirSync(dir).sort();
  } catch {
    return [];
  }
}

/** The usage of one assistant entry; none for other entries and for calls that used nothing. */
export function usageRecord(entry: Record<string, unknown>): UsageRecord | undefined {
  if (stringField(entry, "type") !== "assistant") return undefined;
  const message = entry["message"] as Record<string, unknown> | undefined;
  const usage = message?.["usage"] as Record<string, unknown> | undefined;
  const at = timeOf(entry["timestamp"]);
  if (usage === undefined || at === undefined) return undefined;
  const cacheWrite = count(usage, "cache_creation_input_tokens");
  const split = usage["cache_creation"] as Record<string, unknown> | undefined;
  const tokens = {
    input: count(usage, "input_tokens"),
    output: count(usage, "output_tokens"),
    cacheRead: count(usage, "cache_read_input_tokens"),
    cacheWrite,
    cacheWrite1h: Math.min(count(split, "ephemeral_1h_input_tokens"), cacheWrite),
  };
  if (Object.values(tokens).every((n) => n === 0)) return undefined;
  return { key: recordKey(entry, message), at, model: stringField(message, "model") ?? null, tokens };
}

/** One API response: its message id with its request id; an entry without a request id is its own. */
function recordKey(entry: Record<string, unknown>, message: Record<string, unknown> | undefined): string {
  const id = stringField(message, "id");
  const request = stringField(entry, "requestId");
  if (id !== undefined && request !== undefined) return `${id}:${request}`;
  return stringField(entry, "uuid") ?? `${stringField(entry, "timestamp")}`;
}
