import { isAoError, messageOf } from "../errors.js";
import type { LimitResumed } from "../events/index.js";
import {
  appendEvent,
  getSession,
  markWaitResumed,
  writeTransaction,
  type AgentLimit,
  type LimitWait,
} from "../store/index.js";
import { giveTurn } from "../turns/give-turn.js";
import { engineTurnContext } from "./cycle-turns.js";
import type { CycleScope } from "./cycle-scope.js";

/**
 * After an agent's reset: each session the limit interrupted gets exactly one turn with the
 * configured continue message (`limits.continueMessage`), marked on its wait row in the same
 * transaction as the `limit.resumed` event, so a second cycle finds nothing left to resume. The
 * turns are queued; the cycle's turn step delivers them. A session whose agent cannot take a turn
 * (exited, killed) is skipped with why: a restore brings it back, and a person can send it one.
 */
export async function resumeSessions(
  scope: CycleScope,
  limit: AgentLimit,
  waits: readonly LimitWait[],
): Promise<LimitResumed["payload"]> {
  const tc = engineTurnContext(scope.ctx, scope.engine);
  const payload: LimitResumed["payload"] = { agent: limit.agent, turns: [], skipped: [] };
  for (const wait of waits) {
    try {
      const turn = await giveTurn(tc, {
        sessionId: wait.sessionId,
        text: scope.config.limits.continueMessage,
        origin: "reaction",
      });
      payload.turns.push({ sessionId: wait.sessionId, turnId: turn.id });
    } catch (error) {
      if (!isAoError(error)) throw error;
      payload.skipped.push({ sessionId: wait.sessionId, reason: messageOf(error) });
    }
  }
  writeTransaction(scope.store, (tx) => {
    for (const wait of waits) {
      const given = payload.turns.find((turn) => turn.sessionId === wait.sessionId);
      markWaitResumed(tx, wait.sessionId, given === undefined ? null : Number(given.turnId.slice(2)));
    }
    const sessionId = waits.length === 1 && getSession(tx, waits[0]!.sessionId) ? waits[0]!.sessionId : null;
    appendEvent(tx, { type: "limit.resumed", sessionId, payload });
  });
  return payload;
}
