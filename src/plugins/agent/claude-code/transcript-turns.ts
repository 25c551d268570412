import { readRecentEvents, stringField } from "../_shared/agent-events.js";
import { readJsonlAt, readJsonlSince } from "../_shared/jsonl-since.js";
import { timeField } from "../_shared/turn-cursor.js";

/**
 * What Claude Code's transcript (`~/.claude/projects/<cwd>/<session>.jsonl`) adds to the hooks,
 * recorded from 2.1.197: the assistant's text entries (the reply when Stop carries none); a
 * `system` `turn_duration` entry once a turn is over (after its Stop hooks ran); a user entry
 * "Stop hook feedback: …" when a Stop hook blocked the stop and Claude went on; an assistant entry
 * with `isApiErrorMessage` when an API error ended the turn; and a user entry "[Request interrupted
 * by user]" after a person pressed Escape while Claude was answering — the only trace of an
 * interruption, since no hook runs for it.
 */
export interface TranscriptState {
  /** Bytes read so far. */
  scanned: number;
  /** The turn's own user entry was seen: entries before it belong to earlier turns. */
  seenPrompt: boolean;
  /** A user entry of another prompt came after it: the rest belongs to later turns. */
  closed?: boolean;
  /** Where the newest assistant entry with text starts. */
  replyAt?: number;
  /** Stops a Stop hook blocked ("Stop hook feedback" entries). */
  feedbacks?: number;
  /** The turn's `turn_duration` entry was written: Claude is done with it. */
  done?: boolean;
  interrupted?: { at?: number };
  apiError?: { words: string; at?: number };
}

export interface TranscriptFindings {
  /** Where the next scan goes on. */
  state: TranscriptState;
  /** The file is not there (any more). */
  missing: boolean;
}

const INTERRUPTED = "[Request interrupted by user";
const STOP_FEEDBACK = "Stop hook feedback:";

/**
 * Reads what the transcript gained since `state`. Every user entry of a turn carries the
 * UserPromptSubmit's `prompt_id` as `promptId`: entries before the turn's own, and from the next
 * prompt's on, are not this turn's.
 */
export function scanTranscript(file: string, state: TranscriptState, promptId?: string): TranscriptFindings {
  const since = readJsonlSince(file, state.scanned);
  const next: TranscriptState = { ...state, scanned: since.offset };
  const found: TranscriptFindings = { state: next, missing: since.missing };
  for (const { value: entry, start } of since.entries) {
    if (next.closed === true || entry["isSidechain"] === true) continue;
    const type = stringField(entry, "type");
    const ours = promptId === undefined || entry["promptId"] === promptId;
    if (!next.seenPrompt) next.seenPrompt = type === "user" && ours;
    else if (type === "user" && !ours && typeof entry["promptId"] === "string") next.closed = true;
    else note(next, entry, start);
  }
  return found;
}

/** What one entry of the turn says: its end, a blocked stop, an interruption, an API error, reply text. */
function note(state: TranscriptState, entry: Record<string, unknown>, start: number): void {
  const type = stringField(entry, "type");
  const text = textOf(entry);
  const at = timeField(entry, "timestamp");
  const when = at === undefined ? {} : { at };
  if (type === "system" && stringField(entry, "subtype") === "turn_duration") state.done = true;
  if (type === "user" && text.startsWith(STOP_FEEDBACK)) state.feedbacks = (state.feedbacks ?? 0) + 1;
  if (type === "user" && text.startsWith(INTERRUPTED)) state.interrupted = when;
  if (type !== "assistant" || text === "") return;
  if (entry["isApiErrorMessage"] === true) state.apiError = { words: text, ...when };
  else state.replyAt = start;
}

/** The text of the assistant entry at `offset` (what `replyAt` points to). */
export function replyTextAt(file: string, offset: number | undefined): string {
  return offset === undefined ? "" : textOf(readJsonlAt(file, offset) ?? {});
}

/** The text blocks of an entry's message, joined by newlines as Claude Code does for Stop. */
function textOf(entry: Record<string, unknown>): string {
  const content = (entry["message"] as { content?: unknown } | undefined)?.content;
  if (typeof content === "string") return content.trim();
  if (!Array.isArray(content)) return "";
  return content
    .flatMap((block: { type?: unknown; text?: unknown }) =>
      block.type === "text" && typeof block.text === "string" ? [block.text] : [],
    )
    .join("\n")
    .trim();
}

/**
 * True when the transcript's newest conversation entry is the interruption marker: the turn the
 * hooks last said was working was stopped (no hook runs for that), and Claude is idle.
 */
export function endsInterrupted(file: string): boolean {
  const entries = readRecentEvents(file).filter((entry) => {
    const type = stringField(entry, "type");
    return (type === "user" || type === "assistant") && entry["isSidechain"] !== true;
  });
  const last = entries.at(-1);
  return last !== undefined && stringField(last, "type") === "user" && textOf(last).startsWith(INTERRUPTED);
}
