import type { AoContext } from "../context.js";
import {
  appendEvent,
  claimDueReactions,
  getSession,
  listReactions,
  markReactionFailed,
  requireReaction,
  writeTransaction,
  type Reaction,
} from "../store/index.js";
import { clearedBecause } from "./condition-holds.js";
import { conflictClearedBecause } from "./conflict-holds.js";
import type { LifecycleEngine } from "./engine.js";
import { performReaction, type ReactionOutcome } from "./perform-reaction.js";
import { readPayload, type ReactionPayload } from "./reaction-payload.js";
import { actionAttempts, retryDelay } from "./retry-policy.js";
import { facts, settle } from "./settle-reaction.js";
import { messageOf } from "../errors.js";

export interface DeliveryReport {
  delivered: number;
  failed: number;
  escalated: number;
  errors: string[];
}

/** Only these sessions' reactions (a webhook cycle), or only this project's (`ao start <project>`). */
export interface DeliveryScope {
  readonly sessionIds?: readonly string[] | undefined;
  readonly project?: string | undefined;
}

/** At most this many reactions per cycle, so one cycle cannot run for ever on a backlog. */
const CLAIM_LIMIT = 50;

/**
 * Claims the due reactions and carries each out: send-to-agent, notify or auto-merge, or for an
 * `…:escalate` row, a person is told when its condition still holds. Every claim is recorded
 * (`reaction.delivering`) before anything leaves ao; every outcome is a transition with its event.
 */
export async function deliverReactions(
  ctx: AoContext,
  engine: LifecycleEngine,
  scope: DeliveryScope = {},
): Promise<DeliveryReport> {
  const report: DeliveryReport = { delivered: 0, failed: 0, escalated: 0, errors: [] };
  const claimed = writeTransaction(engine.store, (tx) => {
    const reactions = claimDueReactions(tx, { limit: CLAIM_LIMIT, ...scope });
    for (const reaction of reactions)
      appendEvent(tx, {
        type: "reaction.delivering",
        sessionId: reaction.sessionId,
        payload: facts(reaction),
      });
    return reactions;
  });
  const stranded: Reaction[] = [];
  for (const reaction of claimed) {
    try {
      await deliverOne(ctx, engine, reaction, report);
    } catch (error) {
      // A store write that failed (SQLITE_BUSY, a notifier's transaction) must not abort the
      // rest of the cycle, nor leave the row `delivering` until the daemon restarts.
      report.failed += 1;
      report.errors.push(`${reaction.dedupeKey}: ${messageOf(error)}`);
      if (!releaseClaim(ctx, engine, reaction, messageOf(error))) stranded.push(reaction);
    }
  }
  // One more try for the rows whose release failed too: the store may have recovered meanwhile.
  for (const reaction of stranded)
    if (!releaseClaim(ctx, engine, reaction, "delivery interrupted"))
      report.errors.push(`${reaction.dedupeKey}: left delivering; the daemon's next start releases it`);
  return report;
}

async function deliverOne(
  ctx: AoContext,
  engine: LifecycleEngine,
  reaction: Reaction,
  report: DeliveryReport,
): Promise<void> {
  const payload = readPayload(reaction.payload);
  const outcome = await attempt(ctx, engine, reaction, payload).catch((error: unknown): ReactionOutcome => ({
    kind: "failed",
    error: messageOf(error),
  }));
  const settled = await settle(ctx, engine, reaction, payload, outcome);
  if (settled !== "cancelled" && settled !== "deferred") report[settled] += 1;
  if (outcome.kind === "failed") report.errors.push(`${reaction.dedupeKey}: ${outcome.error}`);
}

/**
 * Puts a claimed reaction whose delivery broke off back to `pending`, due after the usual retry
 * delay. False when even that write failed. A row settled before the error stays as it is.
 */
function releaseClaim(ctx: AoContext, engine: LifecycleEngine, reaction: Reaction, error: string): boolean {
  // Not facts(reaction): an unreadable payload may be why the delivery broke off.
  const about = { reactionId: reaction.id, reaction: reaction.reactionKey, dedupeKey: reaction.dedupeKey };
  try {
    const retryAt = ctx.clock.now() + retryDelay(reaction.attempts);
    writeTransaction(engine.store, (tx) => {
      if (requireReaction(tx, reaction.id).status !== "delivering") return;
      markReactionFailed(tx, reaction.id, {
        error,
        retryAt,
        event: { type: "reaction.failed", payload: { ...about, attempt: reaction.attempts, error, retryAt } },
      });
    });
    return true;
  } catch (releaseError) {
    ctx.logger.error("a claimed reaction could not be released", {
      ...about,
      error: messageOf(releaseError),
    });
    return false;
  }
}

async function attempt(
  ctx: AoContext,
  engine: LifecycleEngine,
  reaction: Reaction,
  payload: ReactionPayload,
): Promise<ReactionOutcome> {
  const session = reaction.sessionId === null ? undefined : getSession(engine.store, reaction.sessionId);
  const cleared = clearedBecause(payload, session) ?? conflictClearedBecause(engine.store, payload);
  if (payload.escalates !== undefined) {
    if (cleared !== undefined) return { kind: "cancelled", reason: cleared };
    if (alreadyEscalated(engine, reaction, payload.escalates))
      return { kind: "cancelled", reason: "already handed to a person" };
    return { kind: "escalate", reason: `still unresolved after ${String(payload.escalateAfter)}` };
  }
  // Past the action's attempts only telling a person is left (an escalation that could not be told yet).
  if (reaction.attempts > actionAttempts(payload))
    return { kind: "escalate", reason: reaction.lastError ?? "delivery failed" };
  if (cleared !== undefined) return { kind: "cancelled", reason: cleared };
  return performReaction(ctx, engine, reaction, payload, session);
}

/** The reaction an `…:escalate` row watches was itself escalated (its deliveries ran out): a person knows. */
function alreadyEscalated(engine: LifecycleEngine, reaction: Reaction, dedupeKey: string): boolean {
  const watched = listReactions(engine.store, { sessionId: reaction.sessionId ?? undefined }).find(
    (candidate) => candidate.dedupeKey === dedupeKey,
  );
  return watched?.status === "escalated";
}
