import { stringField } from "../_shared/agent-events.js";
import { RECEIVED_AT_KEY } from "../_shared/hook-recorder.js";
import { numberField, withDefined } from "../_shared/turn-cursor.js";

/**
 * A turn as Claude Code's hooks tell it (recorded from 2.1.197, test/fixtures/agents/claude/turns/):
 * `UserPromptSubmit` starts it; `Stop` runs when Claude stops, with `last_assistant_message`
 * (absent when the model wrote no text) — more than once in one turn when another Stop hook
 * blocked the stop and Claude went on; `StopFailure` runs instead of Stop when an API error ended
 * the turn (`error` a code such as `model_not_found`, `last_assistant_message` the words Claude
 * showed). An interrupted turn runs no hook at all.
 */
export interface HookTurnStart {
  at?: number;
  /** Also on the turn's user entries in the transcript (`promptId`). */
  promptId?: string;
  transcript?: string;
}

export interface HookTurn {
  start?: HookTurnStart;
  /** Stop hooks since the start. */
  stops: number;
  lastStop?: { reply?: string; at?: number };
  failure?: { error: string; at?: number };
  /** The next prompt's UserPromptSubmit came: what follows is another turn's. */
  nextPrompt?: boolean;
}

/** `turn` after `events` (oldest first): the first prompt starts it, the next one closes it. */
export function foldHookEvents(events: readonly Record<string, unknown>[], turn: HookTurn): HookTurn {
  let next = turn;
  for (const event of events) {
    if (next.failure !== undefined || next.nextPrompt === true) break;
    const name = stringField(event, "hook_event_name");
    if (name === "UserPromptSubmit")
      next = next.start === undefined ? { ...next, start: startOf(event) } : { ...next, nextPrompt: true };
    else if (next.start === undefined) continue;
    else if (name === "Stop") next = { ...next, stops: next.stops + 1, lastStop: stopOf(event) };
    else if (name === "StopFailure") next = { ...next, failure: failureOf(event) };
  }
  return next;
}

function startOf(event: Record<string, unknown>): HookTurnStart {
  return withDefined({
    at: numberField(event, RECEIVED_AT_KEY),
    promptId: stringField(event, "prompt_id"),
    transcript: stringField(event, "transcript_path"),
  });
}

function stopOf(event: Record<string, unknown>): NonNullable<HookTurn["lastStop"]> {
  return withDefined({
    reply: stringField(event, "last_assistant_message"),
    at: numberField(event, RECEIVED_AT_KEY),
  });
}

function failureOf(event: Record<string, unknown>): NonNullable<HookTurn["failure"]> {
  const words =
    stringField(event, "last_assistant_message") ??
    stringField(event, "error_details") ??
    stringField(event, "error") ??
    "API error";
  return withDefined({ error: words, at: numberField(event, RECEIVED_AT_KEY) });
}
