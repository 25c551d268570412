import type { UsageProbe, UsageRead, UsageRecord } from "../../../core/plugin-api.js";
import { readRecordSince, type RecordEntry } from "./record-entries.js";

/** Where the last read stopped, and the model the agent last named (in an earlier part of the record). */
interface UsageCursor {
  offset: number;
  model: string | null;
}

/**
 * The tokens an ACP agent reported (docs/acp.md "Usage"): each `session/prompt` response that
 * carries `usage` (claude-agent-acp 0.23.1, codex-acp 0.16.0, opencode 1.18.33 send it; recorded in
 * test/fixtures/agents/acp/) is one record, its counts disjoint as sent (`thoughtTokens` count as
 * output). The model is the one `session/new`/`session/load` named as current, as the agent spells
 * it ("default", "auto" are not priced: the cost stays unknown, never zero).
 */
export function readAcpUsage(record: string, probe: UsageProbe): UsageRead {
  const cursor = parseCursor(probe.cursor);
  const read = readRecordSince(record, cursor.offset);
  // A record shorter than before was replaced and is read from its start: its model is its own.
  const replaced = (read.entries[0]?.start ?? cursor.offset) < cursor.offset;
  let model = replaced ? null : cursor.model;
  const records: UsageRecord[] = [];
  for (const entry of read.entries) {
    model = currentModel(entry) ?? model;
    const tokens = promptUsage(entry);
    if (tokens !== undefined) records.push({ key: `acp:${entry.start}`, at: entry.line.t, model, tokens });
  }
  return { records, cursor: JSON.stringify({ offset: read.offset, model }), source: "acp record" };
}

function parseCursor(text: string): UsageCursor {
  try {
    const value = JSON.parse(text) as Partial<UsageCursor>;
    const offset = typeof value.offset === "number" && value.offset >= 0 ? value.offset : 0;
    return { offset, model: typeof value.model === "string" ? value.model : null };
  } catch {
    return { offset: 0, model: null };
  }
}

/** A response of the agent's with `models.currentModelId` (session/new, session/load). */
function currentModel({ line }: RecordEntry): string | undefined {
  if (line.dir !== "in" || line.msg.method !== undefined) return undefined;
  const models = (line.msg.result as { models?: { currentModelId?: unknown } } | undefined)?.models;
  return typeof models?.currentModelId === "string" ? models.currentModelId : undefined;
}

/** The token counts of a prompt's response, when it has `usage`. */
function promptUsage({ line }: RecordEntry): UsageRecord["tokens"] | undefined {
  if (line.dir !== "in" || line.msg.method !== undefined) return undefined;
  const usage = (line.msg.result as { usage?: Record<string, unknown> } | undefined)?.usage;
  if (typeof usage !== "object" || usage === null) return undefined;
  const n = (key: string) => (typeof usage[key] === "number" ? usage[key] : 0);
  return {
    input: n("inputTokens"),
    output: n("outputTokens") + n("thoughtTokens"),
    cacheRead: n("cachedReadTokens"),
    cacheWrite: n("cachedWriteTokens"),
    cacheWrite1h: 0,
  };
}
