import type { ActivityReport, AgentQuestion } from "../../../core/plugin-api.js";
import { idText, isRequest, isResponseTo, sessionUpdate, type RecordEntry } from "./record-entries.js";
import type { RecordLine } from "./record.js";

/**
 * Where an ACP conversation stands, folded from its record (pure): whether the host is ready and in
 * which ACP session, the prompts the agent has not answered (a turn runs) and the permission
 * questions the host has not answered. A `started` line is a new host: what the old one left open
 * died with it.
 */
export interface ConversationState {
  readonly hostStarted: boolean;
  readonly acpSessionId?: string;
  readonly ready: boolean;
  /** Ids of `session/prompt` requests without a response. */
  readonly prompts: readonly string[];
  readonly questions: readonly AgentQuestion[];
  /** The titles and kinds of tool calls the agent announced, for questions that name only the id. */
  readonly tools: Readonly<Record<string, { title: string | undefined; kind: string | undefined }>>;
  readonly exit?: { code: number | null; signal: string | null; stderrTail: string };
  /** The TUI's argv while a takeover runs (`takeover` … `handback`). */
  readonly takenOver?: readonly string[];
}

export const EMPTY_CONVERSATION: ConversationState = {
  hostStarted: false,
  ready: false,
  prompts: [],
  questions: [],
  tools: {},
};

export function foldConversation(
  state: ConversationState,
  entries: readonly RecordEntry[],
): ConversationState {
  return entries.reduce((next, { line }) => step(next, line), state);
}

function step(state: ConversationState, line: RecordLine): ConversationState {
  if (line.dir === "host") {
    const { event } = line;
    if (event.kind === "started") return { ...EMPTY_CONVERSATION, hostStarted: true };
    if (event.kind === "ready") return { ...state, ready: true, acpSessionId: event.acpSessionId };
    if (event.kind === "takeover")
      return { ...state, ready: false, prompts: [], questions: [], takenOver: event.argv };
    if (event.kind === "handback") return withoutTakeover(state);
    if (event.kind === "agent_exit") {
      const { code, signal, stderrTail } = event;
      return { ...state, prompts: [], questions: [], exit: { code, signal, stderrTail } };
    }
    return state;
  }
  if (isRequest(line, "out", "session/prompt"))
    return { ...state, prompts: [...state.prompts, idText(line.msg.id)] };
  if (line.dir === "in" && state.prompts.some((id) => isResponseTo(line, "in", id)))
    return { ...state, prompts: state.prompts.filter((id) => !isResponseTo(line, "in", id)), tools: {} };
  if (isRequest(line, "in", "session/request_permission")) {
    const question = questionOf(idText(line.msg.id), line.msg.params, state.tools);
    return { ...state, questions: [...state.questions, question] };
  }
  if (line.dir === "out" && state.questions.some((q) => isResponseTo(line, "out", q.id)))
    return { ...state, questions: state.questions.filter((q) => !isResponseTo(line, "out", q.id)) };
  return withTool(state, sessionUpdate(line));
}

function withoutTakeover(state: ConversationState): ConversationState {
  const { takenOver: _, ...rest } = state;
  return rest;
}

function withTool(state: ConversationState, update: Record<string, unknown> | undefined): ConversationState {
  const kind = update?.["sessionUpdate"];
  if (kind !== "tool_call" && kind !== "tool_call_update") return state;
  const id = text(update?.["toolCallId"]);
  if (id === undefined) return state;
  const known = state.tools[id];
  const title = text(update?.["title"]) ?? known?.title;
  const toolKind = text(update?.["kind"]) ?? known?.kind;
  return { ...state, tools: { ...state.tools, [id]: { title, kind: toolKind } } };
}

/** A `session/request_permission`'s question: the tool call's title and kind, the options offered. */
export function questionOf(id: string, params: unknown, tools: ConversationState["tools"]): AgentQuestion {
  const { toolCall, options } = (params ?? {}) as { toolCall?: Record<string, unknown>; options?: unknown };
  const toolId = text(toolCall?.["toolCallId"]);
  const known = toolId === undefined ? undefined : tools[toolId];
  const title = text(toolCall?.["title"]) ?? known?.title ?? "a tool call";
  const toolKind = text(toolCall?.["kind"]) ?? known?.kind;
  const offered = Array.isArray(options) ? (options as Record<string, unknown>[]) : [];
  return {
    id,
    title,
    ...(toolKind === undefined ? {} : { toolKind }),
    options: offered.flatMap((option) => {
      const optionId = text(option["optionId"]);
      if (optionId === undefined) return [];
      return [{ id: optionId, name: text(option["name"]) ?? optionId, kind: text(option["kind"]) ?? "" }];
    }),
  };
}

/** What the record alone says the agent is doing (liveness is asked first by the plugin). */
export function conversationActivity(state: ConversationState): ActivityReport {
  const agentSessionId = state.acpSessionId;
  const withId = (report: ActivityReport): ActivityReport =>
    agentSessionId === undefined ? report : { ...report, agentSessionId };
  if (state.exit !== undefined) return withId({ activity: "exited", detail: exitDetail(state.exit) });
  if (state.takenOver !== undefined) {
    const takenOver = `a person drives ${state.takenOver.join(" ")} in the session's terminal`;
    return withId({ activity: "working", detail: `taken over: ${takenOver}`, takenOver });
  }
  const question = state.questions[0];
  if (question !== undefined)
    return withId({ activity: "needs_input", detail: questionDetail(question), question });
  if (state.prompts.length > 0) return withId({ activity: "working", detail: "a turn is running" });
  if (state.ready) return withId({ activity: "idle" });
  if (!state.hostStarted) return { activity: "unknown", detail: "the ACP host has not started yet" };
  return { activity: "working", detail: "the ACP agent is starting" };
}

/** "permission: Edit src/app.ts — 1 Allow (allow_once), 2 Reject (reject_once)". */
export function questionDetail(question: AgentQuestion): string {
  const options = question.options.map(
    (option, index) => `${String(index + 1)} ${option.name} (${option.kind || option.id})`,
  );
  return `permission: ${question.title} — ${options.join(", ")}`;
}

function exitDetail(exit: NonNullable<ConversationState["exit"]>): string {
  const how = exit.signal === null ? `code ${String(exit.code ?? "unknown")}` : `signal ${exit.signal}`;
  const last = exit.stderrTail.trim().split("\n").at(-1) ?? "";
  return `the ACP agent exited (${how})${last === "" ? "" : `: ${last}`}`;
}

function text(value: unknown): string | undefined {
  return typeof value === "string" && value !== "" ? value : undefined;
}
