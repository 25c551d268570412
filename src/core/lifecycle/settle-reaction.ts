import type { AoContext } from "../context.js";
import type { ReactionFacts } from "../events/index.js";
import {
  deferReaction,
  dropQueuedTurn,
  escalateReaction,
  getSession,
  markReactionDone,
  markReactionFailed,
  turnOfReaction,
  writeTransaction,
  type Reaction,
  type WriteTx,
} from "../store/index.js";
import type { LifecycleEngine } from "./engine.js";
import { notifyPerson, nobodyTookIt } from "./notify-person.js";
import { messageBody, type ReactionOutcome } from "./perform-reaction.js";
import { readPayload, type ReactionPayload } from "./reaction-payload.js";
import { escalationNotification } from "./reaction-notification.js";
import { actionAttempts, ESCALATION_ATTEMPTS, retryDelay } from "./retry-policy.js";

export type Settled = "delivered" | "failed" | "escalated" | "cancelled" | "deferred";

/** How long a reaction whose turn waits for a busy agent waits before it looks again. */
export const DEFER_MS = 30_000;

/**
 * Records how an attempt ended, with its event: delivered, cancelled (the condition cleared; a
 * turn of it still queued is dropped with it, so a stale message never reaches the agent), deferred
 * (its turn waits for the agent), failed and due again later, or handed to a person (escalated). Telling the person is part of
 * escalating; until a notifier takes it, the row is retried like any delivery.
 */
export async function settle(
  ctx: AoContext,
  engine: LifecycleEngine,
  reaction: Reaction,
  payload: ReactionPayload,
  outcome: ReactionOutcome,
): Promise<Settled> {
  const now = ctx.clock.now();
  const base = facts(reaction);
  switch (outcome.kind) {
    case "done":
      writeTransaction(engine.store, (tx) =>
        markReactionDone(tx, reaction.id, {
          event: { type: "reaction.delivered", payload: { ...base, ...outcome.detail } },
        }),
      );
      return "delivered";
    case "cancelled":
      writeTransaction(engine.store, (tx) => {
        dropTurnOf(tx, reaction, outcome.reason);
        markReactionDone(tx, reaction.id, {
          event: { type: "reaction.cancelled", payload: { ...base, reason: outcome.reason } },
        });
      });
      return "cancelled";
    case "deferred":
      writeTransaction(engine.store, (tx) =>
        deferReaction(tx, reaction.id, {
          dueAt: now + DEFER_MS,
          event: {
            type: "reaction.deferred",
            payload: {
              ...base,
              reason: outcome.reason,
              turnId: outcome.turnId,
              turnStatus: outcome.turnStatus,
            },
          },
        }),
      );
      return "deferred";
    case "held":
      writeTransaction(engine.store, (tx) =>
        deferReaction(tx, reaction.id, {
          dueAt: Math.max(outcome.dueAt, now),
          event: {
            type: "reaction.held",
            payload: {
              ...base,
              gate: outcome.gate,
              reason: outcome.reason,
              dueAt: Math.max(outcome.dueAt, now),
            },
          },
        }),
      );
      return "deferred";
    case "failed":
      if (reaction.attempts < actionAttempts(payload))
        return retryLater(engine, reaction, outcome.error, now);
      if (payload.action === "notify") return giveUp(ctx, engine, reaction, outcome.error);
      return escalate(ctx, engine, reaction, payload, outcome.error);
    case "escalate":
      return escalate(ctx, engine, reaction, payload, outcome.reason);
  }
}

function dropTurnOf(tx: WriteTx, reaction: Reaction, reason: string): void {
  const turn = turnOfReaction(tx, reaction.id);
  if (turn?.status === "queued")
    dropQueuedTurn(tx, turn.id, `not delivered: the reaction was cancelled (${reason})`);
}

function retryLater(engine: LifecycleEngine, reaction: Reaction, error: string, now: number): Settled {
  const retryAt = now + retryDelay(reaction.attempts);
  writeTransaction(engine.store, (tx) =>
    markReactionFailed(tx, reaction.id, {
      error,
      retryAt,
      event: { type: "reaction.failed", payload: { ...facts(reaction), error, retryAt } },
    }),
  );
  return "failed";
}

/** The last resort, loudly: a failed row, an event, and an error in the log. */
function giveUp(ctx: AoContext, engine: LifecycleEngine, reaction: Reaction, error: string): Settled {
  ctx.logger.error("a reaction was given up", { ...facts(reaction), error });
  writeTransaction(engine.store, (tx) =>
    markReactionFailed(tx, reaction.id, {
      error,
      event: { type: "reaction.failed", payload: { ...facts(reaction), error, final: true } },
    }),
  );
  return "failed";
}

/** Hands the reaction to a person; until one notifier takes it, it is retried like any delivery. */
async function escalate(
  ctx: AoContext,
  engine: LifecycleEngine,
  reaction: Reaction,
  payload: ReactionPayload,
  reason: string,
): Promise<Settled> {
  const session = reaction.sessionId === null ? undefined : getSession(engine.store, reaction.sessionId);
  const body = await messageBody(ctx, engine, payload, session);
  const outcome = await notifyPerson(ctx, engine, escalationNotification(payload, reason, body));
  if (outcome.sent.length > 0) {
    writeTransaction(engine.store, (tx) =>
      escalateReaction(tx, reaction.id, {
        reason,
        event: {
          type: "reaction.escalated",
          payload: { ...facts(reaction), reason, notifiers: outcome.sent },
        },
      }),
    );
    return "escalated";
  }
  const error = `${reason}; escalation not delivered: ${nobodyTookIt(outcome, "urgent")}`;
  if (reaction.attempts >= actionAttempts(payload) + ESCALATION_ATTEMPTS)
    return giveUp(ctx, engine, reaction, error);
  return retryLater(engine, reaction, error, ctx.clock.now());
}

export function facts(reaction: Reaction): ReactionFacts {
  const payload = readPayload(reaction.payload);
  return {
    reactionId: reaction.id,
    reaction: reaction.reactionKey,
    action: payload.escalates === undefined ? payload.action : "escalate",
    dedupeKey: reaction.dedupeKey,
    attempt: reaction.attempts,
  };
}
