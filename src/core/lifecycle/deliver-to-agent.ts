import type { AoContext } from "../context.js";
import { requireTurn, turnOfReaction, type Reaction, type Session, type Turn } from "../store/index.js";
import { turnHold } from "../gates/gates.js";
import { advanceSession } from "../turns/advance-turns.js";
import { giveTurn } from "../turns/give-turn.js";
import { engineTurnContext } from "./cycle-turns.js";
import type { LifecycleEngine } from "./engine.js";
import type { ReactionOutcome } from "./perform-reaction.js";

/** How long a reaction held by a budget waits before it asks again (the daemon re-checks budgets each cycle). */
const BUDGET_LOOK_MS = 30_000;

/** The last line of every message ao sends for a reaction: how a recovery recognises its own paste. */
export function deliveryMarker(reaction: Pick<Reaction, "id">): string {
  return `[ao reaction ${reaction.id}]`;
}

/**
 * send-to-agent, as a turn (origin `reaction`): exactly once. The reaction gives its turn once
 * (the store keeps one turn per reaction, so a re-attempt finds it instead of making another),
 * and the turn is delivered at most once (a compare-and-set claim; a delivery whose process died
 * is recovered from the agent's screen and signals, the message's marker line among them, and
 * never pasted again). The cycle never waits for a busy agent: while the session's open turn
 * runs, the reaction's turn waits in the queue and the reaction is deferred, its attempt given
 * back; the cycle delivers the turn once the agent is free, and the reaction is then `delivered`
 * with its `turnId`. A turn that could not be delivered goes to a person (escalated), since
 * sending it again might give the agent the message twice.
 */
export async function deliverToAgent(
  ctx: AoContext,
  engine: LifecycleEngine,
  reaction: Reaction,
  session: Session,
  body: string,
): Promise<ReactionOutcome> {
  const tc = engineTurnContext(ctx, engine);
  const now = ctx.clock.now();
  const hold = turnHold({ store: engine.store, config: tc.config, now }, session);
  if (hold !== undefined)
    return { kind: "held", gate: hold.gate, reason: hold.words, dueAt: hold.until ?? now + BUDGET_LOOK_MS };
  const marker = deliveryMarker(reaction);
  const turn =
    turnOfReaction(engine.store, reaction.id) ??
    (await giveTurn(tc, {
      sessionId: session.id,
      text: `${body}\n\n${marker}`,
      origin: "reaction",
      reactionId: reaction.id,
      marker,
    }));
  await advanceSession(tc, session.id, { deliver: true });
  return outcomeOf(requireTurn(engine.store, turn.id));
}

/** What the reaction's turn means for the reaction; `delivered` keeps the message's size and hash. */
function outcomeOf(turn: Turn): ReactionOutcome {
  const about = { turnId: turn.id, turnStatus: turn.status };
  switch (turn.status) {
    case "queued":
    case "delivering":
      return { kind: "deferred", reason: `${turn.id} waits for the agent's open turn`, ...about };
    case "failed":
      if (turn.deliveredAt === null)
        return {
          kind: "escalate",
          reason: `${turn.id} could not be delivered: ${turn.error ?? "no reason given"}`,
        };
      return { kind: "done", detail: { ...turn.message, ...about } };
    default:
      return { kind: "done", detail: { ...turn.message, ...about } };
  }
}
