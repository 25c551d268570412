import { getAgentLimit, getBudgetHold, type Session, type Store } from "../store/index.js";

/**
 * Why a held session gets no turns, for `ao status`, `ao session ls` and their `--json`
 * (docs/limits-and-budgets.md): the gate, the words a person reads (the agent's own limit message,
 * the budget crossed) and, for a usage limit, when it lifts. Read from the store only, the way the
 * daemon recorded it, so listing stays cheap and needs no configuration.
 */
export interface SessionHold {
  gate: "rate_limit" | "budget";
  words: string;
  /** When the hold lifts by itself (ISO 8601): the agent's reset. null for a budget. */
  until: string | null;
}

/** The hold of a `rate_limited` or `over_budget` session; null for every other status. */
export function sessionHold(store: Store, session: Session): SessionHold | null {
  if (session.status === "rate_limited") {
    // One limit per agent on this machine (agent_limits): the one that holds this session.
    const limit = getAgentLimit(store, session.agent);
    return limit === undefined
      ? null
      : { gate: "rate_limit", words: limit.words, until: new Date(limit.resetAt).toISOString() };
  }
  if (session.status === "over_budget") {
    const held = getBudgetHold(store, session.id);
    return held === undefined ? null : { gate: "budget", words: held.words, until: null };
  }
  return null;
}
