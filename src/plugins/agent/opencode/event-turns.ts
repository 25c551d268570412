import type { TurnProbe, TurnSignal } from "../../../core/plugin-api.js";
import { cursorOffset, readEventsAfter } from "../_shared/event-log.js";

/** opencode's name for a request that was interrupted (Escape twice): `session.error`, recorded. */
export const OPENCODE_ABORTED = "MessageAbortedError";

type Event = Record<string, unknown>;

interface TurnEvents {
  sessionID: string;
  startedAt?: number;
  /** Each assistant message's final text parts, by message id, in the order they came. */
  texts: Map<string, Map<string, string>>;
  error?: { name?: string; message?: string };
  idle: boolean;
  endedAt?: number;
}

/**
 * The turn from opencode's events (ao's plugin): the first user message after the cursor starts
 * it, that session's `session.idle` ends it. A `session.error` before the idle says how: aborted
 * is interrupted, anything else failed with opencode's message (an API error's own words). The
 * reply is the newest assistant message's text. Retries (`session.status` retry) are still running.
 */
export function observeOpencodeEvents(eventsFile: string, probe: TurnProbe): TurnSignal {
  const turn = turnEvents(readEventsAfter(eventsFile, cursorOffset(probe.cursor)).map((e) => e.event));
  if (turn === undefined) return { state: "waiting", cursor: probe.cursor };
  const started = turn.startedAt === undefined ? {} : { startedAt: turn.startedAt };
  if (!turn.idle) return { state: "running", cursor: probe.cursor, ...started };
  const base = {
    state: "ended",
    cursor: probe.cursor,
    ...started,
    endedAt: turn.endedAt ?? probe.now,
  } as const;
  const reply = lastReply(turn);
  if (turn.error?.name === OPENCODE_ABORTED)
    return { ...base, outcome: "interrupted", reply, source: "hook" };
  if (turn.error !== undefined) {
    const error = turn.error.message ?? turn.error.name ?? "opencode reported an error";
    return { ...base, outcome: "failed", reply, source: "hook", error };
  }
  return { ...base, outcome: "completed", reply, source: "hook" };
}

function turnEvents(events: readonly Event[]): TurnEvents | undefined {
  let turn: TurnEvents | undefined;
  let userMessage: string | undefined;
  for (const event of events) {
    const props = record(event["properties"]);
    if (turn === undefined) {
      const info = record(props["info"]);
      if (event["type"] !== "message.updated" || info["role"] !== "user") continue;
      userMessage = text(info["id"]);
      turn = { sessionID: text(info["sessionID"]) ?? "", texts: new Map(), idle: false };
      const created = record(info["time"])["created"];
      if (typeof created === "number") turn.startedAt = created;
      continue;
    }
    if (props["sessionID"] !== turn.sessionID) continue;
    apply(turn, userMessage, event["type"], props);
    if (turn.idle) return turn;
  }
  return turn;
}

function apply(turn: TurnEvents, userMessage: string | undefined, type: unknown, props: Event): void {
  if (type === "session.idle") turn.idle = true;
  else if (type === "session.error") {
    const error = record(props["error"]);
    turn.error = {
      ...optional("name", text(error["name"])),
      ...optional("message", text(record(error["data"])["message"])),
    };
  } else if (type === "message.updated") {
    const info = record(props["info"]);
    if (info["role"] !== "assistant" || info["parentID"] !== userMessage) return;
    const id = text(info["id"]);
    if (id !== undefined && !turn.texts.has(id)) turn.texts.set(id, new Map());
    const completed = record(info["time"])["completed"];
    if (typeof completed === "number") turn.endedAt = completed;
  } else if (type === "message.part.updated") {
    const part = record(props["part"]);
    const parts = turn.texts.get(text(part["messageID"]) ?? "");
    const id = text(part["id"]);
    if (parts !== undefined && id !== undefined && typeof part["text"] === "string")
      parts.set(id, part["text"]);
  }
}

function lastReply(turn: TurnEvents): string {
  const messages = [...turn.texts.values()].map((parts) => [...parts.values()].join("\n").trim());
  return messages.filter((reply) => reply !== "").at(-1) ?? "";
}

function record(value: unknown): Event {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Event) : {};
}

function text(value: unknown): string | undefined {
  return typeof value === "string" && value !== "" ? value : undefined;
}

function optional<K extends string>(key: K, value: string | undefined): { [P in K]?: string } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: string };
}
