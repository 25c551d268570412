import { isAoError, messageOf } from "../errors.js";
import type { LimitResumed } from "../events/index.js";
import {
  appendEvent,
  getSession,
  markWaitResumed,
  scheduleWaitResume,
  writeTransaction,
  type AccountLimit,
  type LimitWait,
} from "../store/index.js";
import { giveTurn } from "../turns/give-turn.js";
import { engineTurnContext } from "./cycle-turns.js";
import type { CycleScope } from "./cycle-scope.js";

/**
 * The staggered schedule of an account's resume (docs/limits-and-budgets.md): each waiting
 * session without a slot gets the next one, `limits.resumeSpacing` after the last slot given (the
 * first at this cycle), oldest wait first. Returns the waits with their slots.
 */
export function scheduleResumes(scope: CycleScope, waits: readonly LimitWait[]): LimitWait[] {
  const spacing = scope.config.limits.resumeSpacingMs;
  const slots = waits.flatMap((wait) => (wait.resumeAt === null ? [] : [wait.resumeAt]));
  let next = slots.length === 0 ? scope.at : Math.max(scope.at, Math.max(...slots) + spacing);
  const scheduled = waits.map((wait) => {
    if (wait.resumeAt !== null) return wait;
    const resumeAt = next;
    next += spacing;
    return { ...wait, resumeAt };
  });
  const fresh = scheduled.filter((wait, index) => waits[index]!.resumeAt === null);
  if (fresh.length > 0)
    writeTransaction(scope.store, (tx) =>
      fresh.forEach((wait) => scheduleWaitResume(tx, wait.sessionId, wait.resumeAt!)),
    );
  return scheduled;
}

/**
 * A session whose slot came: exactly one turn with the configured continue message
 * (`limits.continueMessage`), marked on its wait row in the same transaction as its `limit.resumed`
 * event, so a second cycle finds nothing left to resume. The turn is queued; the cycle's turn step
 * delivers it. A session whose agent cannot take a turn (exited, killed) is skipped with why: a
 * restore brings it back, and a person can send it one.
 */
export async function resumeSession(
  scope: CycleScope,
  limit: AccountLimit,
  wait: LimitWait,
  failedWith?: string,
): Promise<LimitResumed["payload"]> {
  const payload: LimitResumed["payload"] = {
    agent: limit.agent,
    account: limit.account,
    resumeAt: wait.resumeAt ?? scope.at,
    turns: [],
    skipped: [],
  };
  if (failedWith === undefined) await giveContinueTurn(scope, wait, payload);
  else
    payload.skipped.push({
      sessionId: wait.sessionId,
      reason: `its turn failed for another reason: ${failedWith}`,
    });
  writeTransaction(scope.store, (tx) => {
    const given = payload.turns[0];
    markWaitResumed(tx, wait.sessionId, given === undefined ? null : Number(given.turnId.slice(2)));
    const sessionId = getSession(tx, wait.sessionId) === undefined ? null : wait.sessionId;
    appendEvent(tx, { type: "limit.resumed", sessionId, payload });
  });
  return payload;
}

/** The continue turn, queued; an agent that cannot take it is named in `skipped` with why. */
async function giveContinueTurn(
  scope: CycleScope,
  wait: LimitWait,
  payload: LimitResumed["payload"],
): Promise<void> {
  try {
    const turn = await giveTurn(engineTurnContext(scope.ctx, scope.engine), {
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
