import { messageOf } from "../../errors.js";
import { getSession, type PlanTicket } from "../../store/index.js";
import type { PlanWorld } from "./plan-world.js";

/** What a plan's sessions cost so far, as their agents report it. */
export interface PlanSpend {
  /** USD over the sessions that report a price; null when none does (unknown, never 0). */
  readonly usd: number | null;
  /** Sessions whose cost is unknown (an agent without cost reports, or one that failed to say). */
  readonly unknown: number;
}

/**
 * Sums the recorded cost of every session the plan's steps ran in (each session once: a role's
 * session that took several turns is counted once). The agent slot's `cost` capability is read
 * per session; a session that cannot say counts as unknown, never as free.
 */
export async function planSpend(world: PlanWorld, tickets: readonly PlanTicket[]): Promise<PlanSpend> {
  const ids = [
    ...new Set(tickets.flatMap((ticket) => (ticket.sessionId === null ? [] : [ticket.sessionId]))),
  ];
  let usd: number | null = null;
  let unknown = 0;
  for (const id of ids) {
    const session = getSession(world.store, id);
    const cost = session === undefined ? null : await costOf(world, session);
    if (cost === null) unknown += 1;
    else usd = (usd ?? 0) + cost;
  }
  return { usd, unknown };
}

async function costOf(
  world: PlanWorld,
  session: NonNullable<ReturnType<typeof getSession>>,
): Promise<number | null> {
  try {
    const { agent } = await world.turns.agentOf(session);
    const cost = await agent.cost?.({
      worktree: session.worktree,
      ...(session.agentSessionId === null ? {} : { agentSessionId: session.agentSessionId }),
    });
    return cost?.usd ?? null;
  } catch (error) {
    world.ctx.logger.warn("plan spend: no cost for a session", {
      session: session.id,
      error: messageOf(error),
    });
    return null;
  }
}
