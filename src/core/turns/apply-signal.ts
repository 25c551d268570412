import type { EndedTurnStatus, TurnSignal } from "../slots/index.js";
import {
  endTurn,
  markTurnStarted,
  recordTurnCursor,
  requireTurn,
  writeTransaction,
  type Store,
  type Turn,
} from "../store/index.js";

/**
 * Records what the agent's signals said about a running turn, in one transaction: the new cursor,
 * the start (`turn.started`) the first time there is one, the end (`turn.ended`) when there is one.
 * A `completed` turn whose reply is blank is `empty`: an agent that produced nothing did not
 * succeed. When another process observed the turn meanwhile (the cursor moved under us), its
 * record stands and this observation is dropped. Returns the turn as it is now.
 */
export function applySignal(store: Store, turn: Turn, signal: TurnSignal, now: number): Turn {
  return writeTransaction(store, (tx) => {
    if (!recordTurnCursor(tx, turn.id, signal.cursor, turn.cursor)) return requireTurn(tx, turn.id);
    if (signal.state === "waiting") return requireTurn(tx, turn.id);
    if (turn.startedAt === null) {
      const startedAt = signal.startedAt ?? (signal.state === "ended" ? signal.endedAt : undefined) ?? now;
      markTurnStarted(tx, turn.id, Math.max(startedAt, turn.deliveredAt ?? startedAt));
    }
    if (signal.state === "running") return requireTurn(tx, turn.id);
    const status: EndedTurnStatus =
      signal.outcome === "completed" && signal.reply.trim() === "" ? "empty" : signal.outcome;
    endTurn(tx, turn.id, {
      status,
      reply: signal.reply.trim() === "" ? null : signal.reply,
      replySource: signal.reply.trim() === "" ? null : signal.source,
      error: signal.outcome === "failed" ? (signal.error ?? "the agent reported a failure") : null,
      endedAt: signal.endedAt ?? now,
      work: signal.work,
    });
    return requireTurn(tx, turn.id);
  });
}

/** Ends a running turn with ao's own finding (the agent died, the person interrupted it). */
export function endRunningTurn(
  store: Store,
  turn: Turn,
  status: EndedTurnStatus,
  error: string | null,
): Turn {
  return writeTransaction(store, (tx) => {
    endTurn(tx, turn.id, { status, error });
    return requireTurn(tx, turn.id);
  });
}
