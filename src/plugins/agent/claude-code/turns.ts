import type { AgentTurns, TurnCursorProbe, TurnProbe, TurnSignal } from "../../../core/plugin-api.js";
import { agentEventsFile, readRecentEvents, stringField } from "../_shared/agent-events.js";
import { fileSize, readJsonlSince } from "../_shared/jsonl-since.js";
import { decodeCursor, encodeCursor, withDefined } from "../_shared/turn-cursor.js";
import { foldHookEvents, type HookTurnEnd, type HookTurnStart } from "./hook-turns.js";
import { endedSignal, quietOrRunning, type ClaudeCursor, type TurnEnd } from "./turn-signals.js";
import {
  replyTextAt,
  scanTranscript,
  type TranscriptFindings,
  type TranscriptState,
} from "./transcript-turns.js";

/**
 * Claude Code's turns: the hooks (`.ao/agent-events.jsonl`) say when a turn started and ended and
 * carry its reply; the transcript adds the reply when Stop has none, an API error when no
 * StopFailure hook ran, and the interruption no hook reports. An Escape before Claude's first word
 * leaves a trace in neither: the screen tells that one (turn-signals.ts).
 */
const KIND = "claude-code/1" as const;

/** Escape stops a Claude Code turn (its footer says "esc to interrupt"); twice on an empty input opens rewind. */
export const CLAUDE_INTERRUPT_KEYS = ["Escape"] as const;

export function claudeTurns(): Required<AgentTurns> {
  return {
    turnCursor: (probe) => Promise.resolve(encodeCursor(cursorNow(probe))),
    observeTurn: (probe) => Promise.resolve(probe).then(observeClaudeTurn),
    interruptKeys: CLAUDE_INTERRUPT_KEYS,
  };
}

/** The ends of both files now; the transcript is the one the newest hook event named. */
function cursorNow(probe: TurnCursorProbe): ClaudeCursor {
  const events = agentEventsFile(probe.worktree);
  const transcript = readRecentEvents(events)
    .map((event) => stringField(event, "transcript_path"))
    .findLast((path) => path !== undefined);
  const scan: TranscriptState = {
    scanned: transcript === undefined ? 0 : fileSize(transcript),
    seenPrompt: false,
  };
  return withDefined({ kind: KIND, events: fileSize(events), transcript, scan });
}

export function observeClaudeTurn(probe: TurnProbe): TurnSignal {
  // Not our cursor (the turn began before this observer existed): from now on, never from 0.
  const cursor = decodeCursor<ClaudeCursor>(probe.cursor, KIND) ?? cursorNow(probe);
  const since = readJsonlSince(agentEventsFile(probe.worktree), cursor.events);
  const hooks = foldHookEvents(
    since.entries.map((entry) => entry.value),
    cursor.started,
  );
  if (hooks.start === undefined)
    return { state: "waiting", cursor: encodeCursor({ ...cursor, events: since.offset }) };
  const next = { ...(cursor.started ? cursor : withStart(cursor, hooks.start)), events: since.offset };
  const end = hooks.end;
  if (end?.reply !== undefined) return endedSignal(next, { ...end, reply: end.reply, source: "hook" });
  const found =
    next.transcript === undefined
      ? undefined
      : scanTranscript(next.transcript, next.scan, next.started?.promptId);
  const scanned = found ? { ...next, scan: found.state } : next;
  const ending = endFrom(scanned, end, found);
  return ending ? endedSignal(scanned, ending) : quietOrRunning(scanned, probe);
}

/** The end of a turn Stop gave no reply for: the hook's, with the transcript's text, or the transcript's own. */
function endFrom(
  cursor: ClaudeCursor,
  hookEnd: HookTurnEnd | undefined,
  found: TranscriptFindings | undefined,
): TurnEnd | undefined {
  const reply = (): string =>
    cursor.transcript === undefined ? "" : replyTextAt(cursor.transcript, cursor.scan.replyAt);
  if (hookEnd?.outcome === "failed") return { ...hookEnd, reply: "", source: "hook" };
  if (hookEnd) {
    const text = reply();
    return { ...hookEnd, reply: text, source: text === "" ? "hook" : "transcript" };
  }
  if (found?.apiError) {
    const { words, at } = found.apiError;
    return { outcome: "failed", reply: "", source: "transcript", error: words, at };
  }
  if (found?.interrupted)
    return { outcome: "interrupted", reply: reply(), source: "transcript", at: found.interrupted.at };
  return undefined;
}

/** The prompt's transcript, when it names another one than the cursor (after /clear), is read from its start. */
function withStart(cursor: ClaudeCursor, start: HookTurnStart): ClaudeCursor {
  const moved = start.transcript !== undefined && start.transcript !== cursor.transcript;
  return withDefined({
    ...cursor,
    started: start,
    transcript: start.transcript ?? cursor.transcript,
    scan: moved ? { scanned: 0, seenPrompt: false } : cursor.scan,
  });
}
