import type { AgentTurns, TurnCursorProbe, TurnProbe, TurnSignal } from "../../../core/plugin-api.js";
import { agentEventsFile, readRecentEvents, stringField } from "../_shared/agent-events.js";
import { fileSize, readJsonlSince } from "../_shared/jsonl-since.js";
import { decodeCursor, encodeCursor, withDefined } from "../_shared/turn-cursor.js";
import { foldHookEvents, type HookTurnStart } from "./hook-turns.js";
import { endedSignal, quietOrRunning, type ClaudeCursor, type TurnEnd } from "./turn-signals.js";
import { replyTextAt, scanTranscript } from "./transcript-turns.js";

/**
 * Claude Code's turns: the hooks (`.ao/agent-events.jsonl`) say when a turn started, stopped or
 * failed and carry its reply; the transcript says when Claude is really done (a Stop hook may
 * block the stop), adds the reply when Stop has none, an API error when no StopFailure hook ran,
 * and the interruption no hook reports. An Escape before Claude's first word leaves a trace in
 * neither: the screen tells that one (turn-signals.ts).
 */
const KIND = "claude-code/1" as const;

/** Escape stops a Claude Code turn (its footer says "esc to interrupt"); twice on an empty input opens rewind. */
export const CLAUDE_INTERRUPT_KEYS = ["Escape"] as const;

/**
 * Ctrl-U clears Claude Code's input (Escape twice would open rewind on an empty one): one line per
 * press, so ao's recovery presses it until the screen stops changing (core/turns/clear-input.ts).
 */
export const CLAUDE_CLEAR_INPUT_KEYS = ["C-u"] as const;

export function claudeTurns(): Required<AgentTurns> {
  return {
    turnCursor: (probe) => Promise.resolve(encodeCursor(cursorNow(probe))),
    observeTurn: (probe) => Promise.resolve(probe).then(observeClaudeTurn),
    interruptKeys: CLAUDE_INTERRUPT_KEYS,
    clearInputKeys: CLAUDE_CLEAR_INPUT_KEYS,
  };
}

/** The ends of both files now; the transcript is the one the newest hook event named. */
function cursorNow(probe: TurnCursorProbe): ClaudeCursor {
  const events = agentEventsFile(probe.worktree);
  const transcript = readRecentEvents(events)
    .map((event) => stringField(event, "transcript_path"))
    .findLast((path) => path !== undefined);
  const scanned = transcript === undefined ? 0 : fileSize(transcript);
  return withDefined({
    kind: KIND,
    events: fileSize(events),
    transcript,
    scan: { scanned, seenPrompt: false },
    hooks: { stops: 0 },
  });
}

export function observeClaudeTurn(probe: TurnProbe): TurnSignal {
  // Not our cursor (the turn began before this observer existed): from now on, never from 0.
  const cursor = decodeCursor<ClaudeCursor>(probe.cursor, KIND) ?? cursorNow(probe);
  const since = readJsonlSince(agentEventsFile(probe.worktree), cursor.events);
  const hooks = foldHookEvents(
    since.entries.map((entry) => entry.value),
    cursor.hooks,
  );
  const read: ClaudeCursor = { ...cursor, events: since.offset, hooks };
  if (hooks.start === undefined) return { state: "waiting", cursor: encodeCursor(read) };
  const next = cursor.hooks.start === undefined ? withStart(read, hooks.start) : read;
  const found =
    next.transcript === undefined
      ? undefined
      : scanTranscript(next.transcript, next.scan, hooks.start.promptId);
  const scanned = found ? { ...next, scan: found.state } : next;
  const stop = standingStop(scanned);
  // A Stop the transcript cannot confirm yet ends the turn once the screen shows no work either.
  const confirmed = found === undefined || found.missing || scanned.scan.done === true;
  if (stop && confirmed) return endedSignal(scanned, stop);
  const ending = stop ? undefined : endFrom(scanned);
  if (ending) return endedSignal(scanned, ending);
  return quietOrRunning(scanned, probe, stop ?? { outcome: "interrupted", reply: "", source: "screen" });
}

/** The prompt's transcript, when it names another one than the cursor (after /clear), is read from its start. */
function withStart(cursor: ClaudeCursor, start: HookTurnStart): ClaudeCursor {
  const moved = start.transcript !== undefined && start.transcript !== cursor.transcript;
  return withDefined({
    ...cursor,
    transcript: start.transcript ?? cursor.transcript,
    scan: moved ? { scanned: 0, seenPrompt: false } : cursor.scan,
  });
}

/**
 * The completed end a Stop gives, when one stands: more Stops than "Stop hook feedback" entries
 * (each blocked stop writes one). Its reply is Stop's `last_assistant_message`, else the
 * transcript's last assistant text.
 */
function standingStop(cursor: ClaudeCursor): TurnEnd | undefined {
  const { stops, lastStop } = cursor.hooks;
  if (stops <= (cursor.scan.feedbacks ?? 0)) return undefined;
  if (lastStop?.reply !== undefined)
    return { outcome: "completed", reply: lastStop.reply, source: "hook", at: lastStop.at };
  const text = replyOf(cursor);
  return { outcome: "completed", reply: text, source: text === "" ? "hook" : "transcript", at: lastStop?.at };
}

/** StopFailure; the transcript's API error or interruption; the next prompt before any end. */
function endFrom(cursor: ClaudeCursor): TurnEnd | undefined {
  const { failure, nextPrompt } = cursor.hooks;
  const { apiError, interrupted } = cursor.scan;
  if (failure) return { outcome: "failed", reply: "", source: "hook", ...failure };
  if (apiError)
    return { outcome: "failed", reply: "", source: "transcript", error: apiError.words, at: apiError.at };
  if (interrupted)
    return { outcome: "interrupted", reply: replyOf(cursor), source: "transcript", at: interrupted.at };
  if (nextPrompt === true) return { outcome: "interrupted", reply: "", source: "hook" };
  return undefined;
}

function replyOf(cursor: ClaudeCursor): string {
  return cursor.transcript === undefined ? "" : replyTextAt(cursor.transcript, cursor.scan.replyAt);
}
