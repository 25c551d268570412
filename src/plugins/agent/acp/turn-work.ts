import type { TurnPlanEntry, TurnToolCall, TurnWork } from "../../../core/plugin-api.js";
import { isRequest, sessionUpdate, type RecordEntry } from "./record-entries.js";

/**
 * What one turn said, from its lines (pure): the reply is the text of its `agent_message_chunk`s in
 * order; the tool calls are its `tool_call`s with every `tool_call_update` merged in (and those a
 * permission question names), in the order they first appeared; the plan is its last `plan`.
 */
export interface TurnSummary {
  reply: string;
  work: TurnWork;
}

interface ToolDraft {
  kind: string | undefined;
  title: string | undefined;
  status: string | undefined;
  files: string[];
  autoAllowed?: string;
}

export function summarizeTurn(entries: readonly RecordEntry[]): TurnSummary {
  const tools = new Map<string, ToolDraft>();
  let reply = "";
  let plan: TurnPlanEntry[] = [];
  for (const { line } of entries) {
    if (line.dir === "host") {
      if (line.event.kind === "auto_allowed") markAutoAllowed(tools, line.event);
      continue;
    }
    if (isRequest(line, "in", "session/request_permission")) {
      const toolCall = (line.msg.params as { toolCall?: Record<string, unknown> } | undefined)?.toolCall;
      if (toolCall !== undefined) mergeTool(tools, toolCall);
      continue;
    }
    const update = sessionUpdate(line);
    const kind = update?.["sessionUpdate"];
    if (kind === "agent_message_chunk") reply += chunkText(update?.["content"]);
    else if (kind === "tool_call" || kind === "tool_call_update") mergeTool(tools, update ?? {});
    else if (kind === "plan") plan = planEntries(update?.["entries"]);
  }
  return { reply, work: { tools: [...tools.values()].map(finishTool), plan } };
}

/** The host answered this call's question by itself (agentConfig.autoAllow): the option it chose. */
function markAutoAllowed(
  tools: Map<string, ToolDraft>,
  event: { toolCallId: string; optionId: string },
): void {
  const draft = tools.get(event.toolCallId);
  if (draft !== undefined) draft.autoAllowed = event.optionId;
}

function chunkText(content: unknown): string {
  const block = content as { type?: unknown; text?: unknown } | undefined;
  return block?.type === "text" && typeof block.text === "string" ? block.text : "";
}

function mergeTool(tools: Map<string, ToolDraft>, fields: Record<string, unknown>): void {
  const id = text(fields["toolCallId"]);
  if (id === undefined) return;
  const draft = tools.get(id) ?? { kind: undefined, title: undefined, status: undefined, files: [] };
  draft.kind = text(fields["kind"]) ?? draft.kind;
  draft.title = text(fields["title"]) ?? draft.title;
  draft.status = text(fields["status"]) ?? draft.status;
  if (Array.isArray(fields["locations"])) draft.files = locations(fields["locations"] as unknown[]);
  tools.set(id, draft);
}

function locations(list: readonly unknown[]): string[] {
  return list.flatMap((item) => {
    const { path, line } = (item ?? {}) as { path?: unknown; line?: unknown };
    if (typeof path !== "string") return [];
    return [typeof line === "number" ? `${path}:${String(line)}` : path];
  });
}

function finishTool(draft: ToolDraft): TurnToolCall {
  return {
    kind: draft.kind ?? "other",
    title: draft.title ?? "(untitled)",
    status: draft.status ?? "pending",
    files: draft.files,
    ...(draft.autoAllowed === undefined ? {} : { autoAllowed: draft.autoAllowed }),
  };
}

function planEntries(value: unknown): TurnPlanEntry[] {
  if (!Array.isArray(value)) return [];
  return (value as Record<string, unknown>[]).flatMap((entry) => {
    const content = text(entry["content"]);
    if (content === undefined) return [];
    const priority = text(entry["priority"]);
    const status = text(entry["status"]) ?? "pending";
    return [priority === undefined ? { content, status } : { content, status, priority }];
  });
}

function text(value: unknown): string | undefined {
  return typeof value === "string" && value !== "" ? value : undefined;
}
