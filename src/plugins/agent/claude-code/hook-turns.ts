import { stringField } from "../_shared/agent-events.js";
import { RECEIVED_AT_KEY } from "../_shared/hook-recorder.js";
import { numberField, withDefined } from "../_shared/turn-cursor.js";

/**
 * A turn as Claude Code's hooks tell it (recorded from 2.1.197, test/fixtures/agents/claude/turns/):
 * `UserPromptSubmit` starts it; `Stop` ends it, with `last_assistant_message` (absent when the
 * model wrote no text); `StopFailure` ends it instead of Stop when an API error did (`error` is a
 * code such as `model_not_found`, `last_assistant_message` the words Claude showed). An interrupted
 * turn runs no hook at all.
 */
export interface HookTurnStart {
  at?: number;
  /** Also on the turn's user entry in the transcript (`promptId`). */
  promptId?: string;
  transcript?: string;
}

export interface HookTurnEnd {
  outcome: "completed" | "failed";
  reply?: string;
  error?: string;
  at?: number;
}

/** The start (unless already `started`) and the end found in `events`, oldest first. */
export function foldHookEvents(
  events: readonly Record<string, unknown>[],
  started: HookTurnStart | undefined,
): { start?: HookTurnStart; end?: HookTurnEnd } {
  let start = started;
  for (const event of events) {
    const name = stringField(event, "hook_event_name");
    if (start === undefined) {
      if (name === "UserPromptSubmit") start = startOf(event);
      continue;
    }
    const end = endOf(name, event);
    if (end) return { start, end };
  }
  return start === undefined ? {} : { start };
}

function startOf(event: Record<string, unknown>): HookTurnStart {
  return withDefined({
    at: numberField(event, RECEIVED_AT_KEY),
    promptId: stringField(event, "prompt_id"),
    transcript: stringField(event, "transcript_path"),
  });
}

function endOf(name: string | undefined, event: Record<string, unknown>): HookTurnEnd | undefined {
  const at = numberField(event, RECEIVED_AT_KEY);
  const words = stringField(event, "last_assistant_message");
  if (name === "Stop") return withDefined({ outcome: "completed" as const, reply: words, at });
  if (name !== "StopFailure") return undefined;
  const error = words ?? stringField(event, "error_details") ?? stringField(event, "error") ?? "API error";
  return withDefined({ outcome: "failed" as const, error, at });
}
