import { basename } from "node:path";
import type { TokenCounts, UsageProbe, UsageRead, UsageRecord } from "../../../core/plugin-api.js";
import { stringField } from "../_shared/agent-events.js";
import {
  count,
  parseFilesCursor,
  readFileSinceMark,
  timeOf,
  type FileMark,
  type FilesCursor,
} from "../_shared/usage-files.js";
import { findRollout } from "./rollouts.js";

/**
 * Codex's usage (recorded from codex-cli 0.171.0, test/fixtures/agents/codex/): its rollout file
 * has an `event_msg` of `type: "token_count"` after each model call, whose `info.total_token_usage`
 * is the conversation's running total (input_tokens including cached_input_tokens and
 * cache_write_input_tokens, output_tokens including reasoning_output_tokens), and a `turn_context`
 * line naming the `model` before each turn. A record is the total's growth since the previous
 * token count (Codex repeats a count without a new call; those add nothing), keyed by its line.
 */
export function readCodexUsage(codexHome: string, probe: UsageProbe): UsageRead {
  const cursor = parseFilesCursor(probe.cursor);
  const next: FilesCursor = { files: { ...cursor.files } };
  const found = findRollout(codexHome, probe.worktree, probe.agentSessionId)?.file;
  const files = new Set([...Object.keys(cursor.files), ...(found === undefined ? [] : [found])]);
  const records: UsageRecord[] = [];
  for (const file of files) {
    const read = readFileSinceMark(file, cursor.files[file]);
    if (read.missing) continue;
    const state = { ...(read.mark.carry as Carry | undefined) };
    for (const { value, start } of read.entries) {
      const record = step(state, value, `${basename(file)}:${String(start)}`);
      if (record) records.push(record);
    }
    next.files[file] = { ...read.mark, carry: state } satisfies FileMark;
  }
  return { records, cursor: JSON.stringify(next), source: "codex rollout" };
}

/** What a rollout's lines so far leave for the next: the model of the turn and the last total. */
interface Carry extends Record<string, unknown> {
  model?: string;
  total?: TokenCounts;
}

/** Moves `state` over one line; a token count whose total grew is a record. */
export function step(state: Carry, line: Record<string, unknown>, key: string): UsageRecord | undefined {
  const payload = line["payload"] as Record<string, unknown> | undefined;
  if (stringField(line, "type") === "turn_context") {
    const model = stringField(payload, "model");
    if (model !== undefined) state.model = model;
    return undefined;
  }
  if (stringField(line, "type") !== "event_msg" || stringField(payload, "type") !== "token_count")
    return undefined;
  const info = payload?.["info"] as Record<string, unknown> | null | undefined;
  const at = timeOf(line["timestamp"]);
  const total = tokensOf(info?.["total_token_usage"] as Record<string, unknown> | undefined);
  if (total === undefined || at === undefined) return undefined;
  const previous = state.total;
  state.total = total;
  const tokens = previous === undefined || shrank(total, previous) ? total : minus(total, previous);
  if (Object.values(tokens).every((n) => n === 0)) return undefined;
  return { key, at, model: state.model ?? null, tokens };
}

/** Codex's usage object as disjoint kinds: input without the cached and cache-written part. */
function tokensOf(usage: Record<string, unknown> | undefined): TokenCounts | undefined {
  if (usage === undefined) return undefined;
  const cacheRead = count(usage, "cached_input_tokens");
  const cacheWrite = count(usage, "cache_write_input_tokens");
  return {
    input: Math.max(0, count(usage, "input_tokens") - cacheRead - cacheWrite),
    output: count(usage, "output_tokens"),
    cacheRead,
    cacheWrite,
    cacheWrite1h: 0,
  };
}

/** A total below the previous one: the conversation started over (a new rollout in the same file). */
function shrank(total: TokenCounts, previous: TokenCounts): boolean {
  return (Object.keys(total) as (keyof TokenCounts)[]).some((kind) => total[kind] < previous[kind]);
}

function minus(total: TokenCounts, previous: TokenCounts): TokenCounts {
  return {
    input: total.input - previous.input,
    output: total.output - previous.output,
    cacheRead: total.cacheRead - previous.cacheRead,
    cacheWrite: total.cacheWrite - previous.cacheWrite,
    cacheWrite1h: 0,
  };
}
