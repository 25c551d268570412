import type { TurnProbe, TurnSignal } from "../../../core/plugin-api.js";
import { stringField } from "../_shared/agent-events.js";
import { cursorOffset, readEventsAfter } from "../_shared/event-log.js";
import { readChatOutcome } from "./chat-outcome.js";

/** What AfterAgent's `prompt_response` holds when the turn produced no text (recorded). */
export const GEMINI_NO_RESPONSE = "[no response text]";

/**
 * After a tool ran and the model then answered with no text, Gemini CLI sends the model a
 * "[System: …]" nudge of its own (at most twice), which fires BeforeAgent / AfterAgent again
 * within the same turn. Such a pair continues the turn; an empty AfterAgent after a tool is only
 * taken as the end once this long has passed without a nudge.
 */
const NUDGE_PREFIX = "[System: ";
const MAX_NUDGES = 2;
export const GEMINI_NUDGE_GRACE_MS = 3_000;

interface TurnHooks {
  before: Record<string, unknown>;
  after?: Record<string, unknown>;
  nudges: number;
}

/**
 * The turn from Gemini CLI's hook log (ao's BeforeAgent / AfterAgent recorder): the first
 * BeforeAgent after the cursor starts it, its AfterAgent (after any nudges) ends it, and the chat
 * file tells a failed or interrupted end from a completed one. The cursor stays at the turn's
 * start: a turn's hook lines are few, and re-reading them keeps every observation whole.
 */
export function observeGeminiHooks(eventsFile: string, probe: TurnProbe): TurnSignal {
  const turn = turnHooks(readEventsAfter(eventsFile, cursorOffset(probe.cursor)).map((e) => e.event));
  if (turn === undefined) return { state: "waiting", cursor: probe.cursor };
  const startedAt = timeOf(turn.before);
  const started = startedAt === undefined ? {} : { startedAt };
  const running = { state: "running", cursor: probe.cursor, ...started } as const;
  if (turn.after === undefined) return running;
  const endedAt = timeOf(turn.after) ?? probe.now;
  const chat = readChatOutcome(stringField(turn.after, "transcript_path"), startedAt ?? 0, endedAt);
  const hookReply = stringField(turn.after, "prompt_response");
  const reply = hookReply === GEMINI_NO_RESPONSE ? undefined : hookReply;
  const base = { state: "ended", cursor: probe.cursor, ...started, endedAt } as const;
  if (chat.cancelled) return { ...base, outcome: "interrupted", reply: reply ?? "", source: "hook" };
  if (chat.error !== undefined) {
    return { ...base, outcome: "failed", reply: "", source: "transcript", error: chat.error };
  }
  if (reply !== undefined) return { ...base, outcome: "completed", reply, source: "hook" };
  if (chat.usedTools && turn.nudges < MAX_NUDGES && probe.now - endedAt < GEMINI_NUDGE_GRACE_MS) {
    return running;
  }
  return { ...base, outcome: "completed", reply: chat.lastReply ?? "", source: "transcript" };
}

/** The first turn's hooks in the log: BeforeAgent, nudge pairs, and the last AfterAgent so far. */
function turnHooks(events: readonly Record<string, unknown>[]): TurnHooks | undefined {
  let turn: TurnHooks | undefined;
  for (const event of events) {
    const name = stringField(event, "hook_event_name");
    if (name === "BeforeAgent") {
      const nudge = stringField(event, "prompt")?.startsWith(NUDGE_PREFIX) === true;
      if (turn === undefined) {
        if (!nudge) turn = { before: event, nudges: 0 };
      } else if (turn.after !== undefined) {
        if (!nudge) return turn; // the next turn began: this one ended at its AfterAgent
        turn = { before: turn.before, nudges: turn.nudges + 1 };
      }
    } else if (name === "AfterAgent" && turn !== undefined) {
      turn = { ...turn, after: event };
    }
  }
  return turn;
}

function timeOf(event: Record<string, unknown>): number | undefined {
  const at = Date.parse(stringField(event, "timestamp") ?? "");
  return Number.isNaN(at) ? undefined : at;
}
