import { sessionRateLimitHold } from "../gates/rate-limit.js";
import { getAccountLimit, getBudgetHold, sessionAccount, type Session, type Store } from "../store/index.js";

/**
 * Why a held session gets no turns, for `ao status`, `ao session ls` and their `--json`
 * (docs/limits-and-budgets.md): the gate, the words a person reads (the agent's own limit message,
 * the budget crossed) and, for a usage limit, when it lifts. Read from the store only, the way the
 * daemon recorded it, so listing stays cheap and needs no configuration.
 */
export interface SessionHold {
  gate: "rate_limit" | "budget";
  words: string;
  /** When the hold lifts by itself (ISO 8601): the reset, or the session's turn after it. null for a budget. */
  until: string | null;
  /** For a usage limit: the account whose limit holds the session. */
  account?: string;
}

/** The hold of a `rate_limited` or `over_budget` session; null for every other status. */
export function sessionHold(store: Store, session: Session): SessionHold | null {
  if (session.status === "rate_limited") {
    // One limit per account on this machine (account_limits): the one that holds this session,
    // until its own turn in the staggered resume when the reset has passed.
    const account = sessionAccount(store, session);
    const limit = getAccountLimit(store, account);
    if (limit === undefined) return null;
    const until = sessionRateLimitHold(store, session, store.clock.now())?.until ?? limit.resetAt;
    return { gate: "rate_limit", words: limit.words, until: new Date(until).toISOString(), account };
  }
  if (session.status === "over_budget") {
    const held = getBudgetHold(store, session.id);
    return held === undefined ? null : { gate: "budget", words: held.words, until: null };
  }
  return null;
}
