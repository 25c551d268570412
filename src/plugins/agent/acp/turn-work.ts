import type { TurnPlanEntry, TurnToolCall, TurnWork } from "../../../core/plugin-api.js";
import { idText, isRequest, sessionUpdate, type RecordEntry } from "./record-entries.js";
import type { RecordLine } from "./record.js";

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
  answered?: { option: string; kind: string };
}

/** A permission question asked in the turn, by its JSON-RPC id: its tool call and options. */
interface Asked {
  toolCallId: string;
  options: { optionId?: unknown; kind?: unknown }[];
}

export function summarizeTurn(entries: readonly RecordEntry[]): TurnSummary {
  const tools = new Map<string, ToolDraft>();
  const asked = new Map<string, Asked>();
  let reply = "";
  let plan: TurnPlanEntry[] = [];
  for (const { line } of entries) {
    if (line.dir === "host") {
      if (line.event.kind === "auto_allowed") markAutoAllowed(tools, line.event);
      continue;
    }
    if (isRequest(line, "in", "session/request_permission")) {
      noteQuestion(tools, asked, line);
      continue;
    }
    if (line.dir === "out" && line.msg.method === undefined && line.msg.id !== undefined) {
      markAnswered(tools, asked.get(idText(line.msg.id)), line.msg.result);
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

function noteQuestion(tools: Map<string, ToolDraft>, asked: Map<string, Asked>, line: RecordLine): void {
  if (line.dir === "host") return;
  const params = line.msg.params as
    { toolCall?: Record<string, unknown>; options?: Asked["options"] } | undefined;
  if (params?.toolCall === undefined) return;
  mergeTool(tools, params.toolCall);
  const toolCallId = text(params.toolCall["toolCallId"]);
  if (toolCallId !== undefined && line.msg.id !== undefined)
    asked.set(idText(line.msg.id), { toolCallId, options: params.options ?? [] });
}

/**
 * The host's answer to a question (a person's or a commander's through it, or its own auto-allow):
 * the option chosen and its kind (`allow_once`, `reject_once`…), or `cancelled`.
 */
function markAnswered(tools: Map<string, ToolDraft>, question: Asked | undefined, result: unknown): void {
  const draft = question === undefined ? undefined : tools.get(question.toolCallId);
  if (draft === undefined || draft.autoAllowed !== undefined) return;
  const outcome = (result as { outcome?: { outcome?: unknown; optionId?: unknown } } | undefined)?.outcome;
  if (outcome?.outcome === "cancelled") draft.answered = { option: "", kind: "cancelled" };
  const option = text(outcome?.optionId);
  if (outcome?.outcome !== "selected" || option === undefined) return;
  const offered = question!.options.find((candidate) => candidate.optionId === option);
  draft.answered = { option, kind: text(offered?.kind) ?? "other" };
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
    // The host's own answer is `autoAllowed`, whichever of its two lines came first.
    ...(draft.answered === undefined || draft.autoAllowed !== undefined ? {} : { answered: draft.answered }),
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
