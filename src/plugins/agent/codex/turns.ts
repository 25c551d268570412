import type { AgentTurns, TurnCursorProbe, TurnProbe, TurnSignal } from "../../../core/plugin-api.js";
import { fileSize, readJsonlAt, readJsonlSince } from "../_shared/jsonl-since.js";
import { decodeCursor, encodeCursor, withDefined } from "../_shared/turn-cursor.js";
import {
  agentMessageText,
  foldRollout,
  type RolloutTurnEnd,
  type RolloutTurnState,
} from "./rollout-turns.js";
import { findRollout } from "./rollouts.js";

/**
 * Codex's turns, from its rollout file alone: it records the start, the reply, the failure with
 * Codex's own words and the interruption of every turn, each dated. Codex 0.171 also has hooks
 * (UserPromptSubmit, Stop, Interrupt; none for a failed turn), but every new hook command needs a
 * person's review in a "Hooks need review" dialog, and the flag that skips the review skips it for
 * the repository's own hooks too, so ao configures none.
 */
const KIND = "codex/1" as const;

interface CodexCursor {
  kind: typeof KIND;
  /** The rollout being read; absent until Codex has written one. */
  rollout?: string;
  offset: number;
  turn?: RolloutTurnState;
}

/** Escape stops a Codex turn (its status line says "esc to interrupt"); Ctrl-C does too, but quits when idle. */
export const CODEX_INTERRUPT_KEYS = ["Escape"] as const;

export function codexTurns(codexHome: string): Required<AgentTurns> {
  return {
    turnCursor: (probe) => Promise.resolve(encodeCursor(cursorNow(probe, codexHome))),
    observeTurn: (probe) => Promise.resolve(probe).then((p) => observeCodexTurn(p, codexHome)),
    interruptKeys: CODEX_INTERRUPT_KEYS,
    // Ctrl-U empties the composer's line; Ctrl-C would quit Codex when idle.
    clearInputKeys: ["C-u"],
  };
}

function cursorNow(probe: TurnCursorProbe, codexHome: string): CodexCursor {
  const rollout = findRollout(codexHome, probe.worktree, probe.agentSessionId)?.file;
  return withDefined({ kind: KIND, rollout, offset: rollout === undefined ? 0 : fileSize(rollout) });
}

export function observeCodexTurn(probe: TurnProbe, codexHome: string): TurnSignal {
  const cursor = followRollout(
    decodeCursor<CodexCursor>(probe.cursor, KIND) ?? cursorNow(probe, codexHome),
    probe,
    codexHome,
  );
  if (cursor.rollout === undefined) return { state: "waiting", cursor: encodeCursor(cursor) };
  const since = readJsonlSince(cursor.rollout, cursor.offset);
  const { state, end } = foldRollout(since.entries, cursor.turn ?? {});
  const next: CodexCursor = { ...cursor, offset: since.offset, turn: state };
  if (state.turnId === undefined) return { state: "waiting", cursor: encodeCursor(next) };
  const startedAt = state.startedAt;
  if (end === undefined)
    return withDefined({ state: "running" as const, cursor: encodeCursor(next), startedAt });
  return ended(next, end, startedAt);
}

/**
 * Until the turn has started, the rollout to read is the newest one: Codex writes a conversation's
 * file with its first turn, and a new conversation (after a restart) gets a new file, read from 0.
 */
function followRollout(cursor: CodexCursor, probe: TurnProbe, codexHome: string): CodexCursor {
  if (cursor.turn?.turnId !== undefined) return cursor;
  const newest = findRollout(codexHome, probe.worktree, probe.agentSessionId)?.file;
  if (newest === undefined || newest === cursor.rollout) return cursor;
  return { kind: KIND, rollout: newest, offset: 0 };
}

function ended(cursor: CodexCursor, end: RolloutTurnEnd, startedAt: number | undefined): TurnSignal {
  const partial =
    end.outcome === "interrupted" && cursor.rollout !== undefined && cursor.turn?.replyAt !== undefined;
  const reply =
    end.reply ??
    (partial ? agentMessageText(readJsonlAt(cursor.rollout ?? "", cursor.turn?.replyAt ?? 0)) : "");
  return withDefined({
    state: "ended" as const,
    cursor: encodeCursor(cursor),
    outcome: end.outcome,
    reply,
    source: "transcript" as const,
    error: end.error,
    startedAt,
    endedAt: end.at,
  });
}
