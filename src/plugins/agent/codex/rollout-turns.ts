import { stringField } from "../_shared/agent-events.js";
import type { JsonlSince } from "../_shared/jsonl-since.js";
import { timeField, withDefined } from "../_shared/turn-cursor.js";

/**
 * A turn as Codex's rollout file tells it (recorded from 0.171.0, test/fixtures/agents/codex/turns/):
 * `event_msg` lines with `task_started` (its `turn_id`), `item_completed` for each agent message,
 * then `task_complete` (`last_agent_message`, null when the model wrote nothing; `error.message`
 * when the turn failed: a retired model, a rejected key after Codex's retries) or `turn_aborted`
 * (`reason: "interrupted"`, for Escape and Ctrl-C alike). Every line has its own `timestamp`. A
 * message sent while a turn runs starts no turn of its own: Codex adds it to the running one
 * (an `item_completed` UserMessage with that turn's id), which then answers both.
 */
export interface RolloutTurnState {
  turnId?: string;
  startedAt?: number;
  /** Where the newest agent message of the turn starts (the reply of an interrupted turn). */
  replyAt?: number;
}

export interface RolloutTurnEnd {
  outcome: "completed" | "failed" | "interrupted";
  reply?: string;
  error?: string;
  at?: number;
}

/** The turn state after `entries`, and its end when one of them ended it. */
export function foldRollout(
  entries: JsonlSince["entries"],
  state: RolloutTurnState,
): { state: RolloutTurnState; end?: RolloutTurnEnd } {
  let next = state;
  for (const { value, start } of entries) {
    const payload = payloadOf(value);
    const type = stringField(payload, "type");
    const turnId = stringField(payload, "turn_id");
    if (next.turnId === undefined) {
      // A message sent while a turn runs joins that turn: its UserMessage is the first sign of it.
      if (type === "task_started" || isItem(payload, "UserMessage"))
        next = withDefined({ turnId: turnId ?? "", startedAt: timeField(value, "timestamp") });
      continue;
    }
    if (turnId !== undefined && next.turnId !== "" && turnId !== next.turnId) continue;
    if (isItem(payload, "AgentMessage")) next = { ...next, replyAt: start };
    const end = endOf(type, payload, timeField(value, "timestamp"));
    if (end) return { state: next, end };
  }
  return { state: next };
}

function endOf(
  type: string | undefined,
  payload: Record<string, unknown> | undefined,
  at: number | undefined,
): RolloutTurnEnd | undefined {
  if (type === "turn_aborted") return withDefined({ outcome: "interrupted" as const, at });
  if (type !== "task_complete") return undefined;
  const reply = stringField(payload, "last_agent_message");
  const error = stringField(payload?.["error"] as Record<string, unknown> | undefined, "message");
  if (error !== undefined) return withDefined({ outcome: "failed" as const, error, at });
  return withDefined({ outcome: "completed" as const, reply, at });
}

function payloadOf(line: Record<string, unknown>): Record<string, unknown> | undefined {
  return stringField(line, "type") === "event_msg" ? (line["payload"] as Record<string, unknown>) : undefined;
}

function isItem(payload: Record<string, unknown> | undefined, itemType: string): boolean {
  const item = payload?.["item"] as Record<string, unknown> | undefined;
  return stringField(payload, "type") === "item_completed" && stringField(item, "type") === itemType;
}

/** The text of the `item_completed` AgentMessage on a rollout line. */
export function agentMessageText(line: Record<string, unknown> | undefined): string {
  const payload = line === undefined ? undefined : payloadOf(line);
  const content = (payload?.["item"] as { content?: unknown } | undefined)?.content;
  if (!Array.isArray(content)) return "";
  return content
    .flatMap((part: { text?: unknown }) => (typeof part.text === "string" ? [part.text] : []))
    .join("\n")
    .trim();
}
