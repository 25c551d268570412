import { messageOf } from "../errors.js";
import {
  dropQueuedTurn,
  getSession,
  listTurns,
  openTurnOf,
  sessionsWithUnendedTurns,
  writeTransaction,
  type Session,
} from "../store/index.js";
import { deliverNextTurn, type DeliveryAttempt } from "./deliver-turn.js";
import { observeTurn } from "./observe-turn.js";
import type { TurnContext } from "./turn-context.js";

export interface AdvanceOptions {
  /** Also deliver the next queued turn when the session has none open (the daemon, a sender in line). */
  readonly deliver?: boolean | undefined;
  /** Default true; false: submit without waiting for the agent to react (`ao send --no-wait`). */
  readonly confirm?: boolean | undefined;
}

/** Statuses after which a session never runs an agent again, so its queued turns never will be delivered. */
const FINISHED = new Set(["merged", "closed", "errored"]);

/**
 * Catches one session's turns up: its open turn with the agent's signals (an orphaned delivery is
 * recovered), then, with `deliver`, its next queued turn if none is open any more. Queued turns of a
 * session that is gone or finished end `failed` with why; those of an agent that is merely not
 * running (exited, killed) wait for a restore.
 */
export async function advanceSession(
  tc: TurnContext,
  sessionId: string,
  options: AdvanceOptions = {},
): Promise<DeliveryAttempt> {
  const open = openTurnOf(tc.store, sessionId);
  if (open !== undefined) {
    const after = await observeTurn(tc, open);
    if (after.status === "delivering" || after.status === "running") return { kind: "nothing" };
  }
  const session = getSession(tc.store, sessionId);
  if (session === undefined || FINISHED.has(session.status)) {
    dropQueued(tc, sessionId, session);
    return { kind: "nothing" };
  }
  if (options.deliver !== true) return { kind: "nothing" };
  return deliverNextTurn(tc, sessionId, { confirm: options.confirm });
}

export interface AdvanceScope {
  readonly sessionIds?: readonly string[] | undefined;
  readonly project?: string | undefined;
}

/**
 * Every session with a turn that has not ended, in scope: what the daemon's cycle does, and what
 * `ao turns` does (without `deliver`) before it shows anything. One session's failure is reported
 * and the others go on.
 */
export async function advanceTurns(
  tc: TurnContext,
  scope: AdvanceScope & AdvanceOptions = {},
): Promise<{ errors: string[] }> {
  const errors: string[] = [];
  const wanted = scope.sessionIds === undefined ? undefined : new Set(scope.sessionIds);
  for (const sessionId of sessionsWithUnendedTurns(tc.store)) {
    if (wanted !== undefined && !wanted.has(sessionId)) continue;
    if (scope.project !== undefined && getSession(tc.store, sessionId)?.project !== scope.project) continue;
    try {
      await advanceSession(tc, sessionId, scope);
    } catch (error) {
      errors.push(`${sessionId}: turns: ${messageOf(error)}`);
    }
  }
  return { errors };
}

function dropQueued(tc: TurnContext, sessionId: string, session: Session | undefined): void {
  const why = session === undefined ? "its session no longer exists" : `its session is ${session.status}`;
  writeTransaction(tc.store, (tx) => {
    for (const turn of listTurns(tx, { sessionId, statuses: ["queued"] }))
      dropQueuedTurn(tx, turn.id, `not delivered: ${why}`);
  });
}
