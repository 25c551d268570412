import { readSpend } from "../../cost/index.js";
import type { PlanTicket } from "../../store/index.js";
import type { PlanWorld } from "./plan-world.js";

/** What a plan's sessions cost so far, from the usage records ao keeps (docs/cost.md). */
export interface PlanSpend {
  /** USD over the priced usage records; null when none is recorded (unknown, never 0). */
  readonly usd: number | null;
  /** Turns of the plan's sessions whose cost is unknown (an agent without records, an unpriced model). */
  readonly unknown: number;
}

/**
 * Sums the recorded cost of every session the plan's steps ran in (each session once: a role's
 * session that took several turns is counted once). It reads the store's usage records, which the
 * cycle's `readUsage` step refreshed just before; a session without records counts as unknown.
 */
export function planSpend(world: PlanWorld, tickets: readonly PlanTicket[]): PlanSpend {
  const sessionIds = [
    ...new Set(tickets.flatMap((ticket) => (ticket.sessionId === null ? [] : [ticket.sessionId]))),
  ];
  if (sessionIds.length === 0) return { usd: null, unknown: 0 };
  const spend = readSpend(world.store, { sessionIds });
  return { usd: spend.usd, unknown: spend.unknownTurns };
}
