import type { TurnProbe, TurnSignal } from "../../../core/plugin-api.js";
import { classifyScreen } from "../_shared/screen-rules.js";
import { encodeCursor, withDefined } from "../_shared/turn-cursor.js";
import type { HookTurn } from "./hook-turns.js";
import { CLAUDE_SCREEN_RULES } from "./screens.js";
import type { TranscriptState } from "./transcript-turns.js";

/**
 * What the Claude Code observer remembers between observations (opaque to core, stored with the
 * turn), and the signals it builds from it.
 */
export interface ClaudeCursor {
  kind: "claude-code/1";
  /** Bytes of `.ao/agent-events.jsonl` read. */
  events: number;
  hooks: HookTurn;
  transcript?: string;
  scan: TranscriptState;
  /** Since when the screen has shown no work (Escape before Claude's first word). */
  quietSince?: number;
}

export type Outcome = "completed" | "failed" | "interrupted";

export interface TurnEnd {
  outcome: Outcome;
  reply: string;
  source: "hook" | "transcript" | "screen";
  error?: string | undefined;
  at?: number | undefined;
}

/**
 * How long the screen must show neither work nor a dialog before a started turn counts as ended
 * without a confirming signal: recorded, an Escape before the first word leaves no hook and no
 * transcript entry, only the prompt put back in the input box and a footer without "esc to
 * interrupt".
 */
export const QUIET_MS = 3_000;

export function endedSignal(cursor: ClaudeCursor, end: TurnEnd): TurnSignal {
  return withDefined({
    state: "ended" as const,
    cursor: encodeCursor(cursor),
    outcome: end.outcome,
    reply: end.reply,
    source: end.source,
    error: end.error,
    startedAt: cursor.hooks.start?.at,
    endedAt: end.at,
  });
}

/**
 * Running, unless the screen of a live Claude has shown no work and no dialog for QUIET_MS: then
 * the turn ended as `quietEnd` says (a Stop the transcript did not confirm yet, or an Escape before
 * the first word). While Stop hooks run the screen says "running stop hooks… · esc to interrupt".
 */
export function quietOrRunning(cursor: ClaudeCursor, probe: TurnProbe, quietEnd: TurnEnd): TurnSignal {
  const activity = classifyScreen(probe.screen, CLAUDE_SCREEN_RULES)?.activity;
  const quiet =
    probe.screen !== undefined &&
    probe.liveness.state === "alive" &&
    activity !== "working" &&
    activity !== "needs_input";
  const quietSince = quiet ? (cursor.quietSince ?? probe.now) : undefined;
  const next = withDefined({ ...cursor, quietSince });
  if (quietSince !== undefined && probe.now - quietSince >= QUIET_MS) return endedSignal(next, quietEnd);
  return withDefined({
    state: "running" as const,
    cursor: encodeCursor(next),
    startedAt: cursor.hooks.start?.at,
  });
}
