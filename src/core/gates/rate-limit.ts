import { getAccountLimit, getLimitWait, sessionAccount, type Session, type Store } from "../store/index.js";
import type { Hold } from "./hold.js";

/**
 * The rate-limit gate: an account at its usage limit on this machine holds every session spawned
 * with that account and every new spawn of it until the reset (one limit per account,
 * `account_limits`; docs/limits-and-budgets.md). After the reset nothing new is held.
 */
export function rateLimitHold(store: Store, account: string, now: number): Hold | undefined {
  const limit = getAccountLimit(store, account);
  if (limit === undefined || limit.resetAt <= now) return undefined;
  return {
    gate: "rate_limit",
    status: "rate_limited",
    reason: "usage_limit",
    words: limit.words,
    until: limit.resetAt,
    account,
  };
}

/**
 * The rate-limit gate for one session: its account's limit, and after the reset, until the
 * session's own turn in the staggered resume (`limit_waits.resume_at`): a session the limit
 * interrupted gets nothing before its continue turn, so the account's sessions start again one
 * after another instead of in the same second.
 */
export function sessionRateLimitHold(store: Store, session: Session, now: number): Hold | undefined {
  const account = sessionAccount(store, session);
  const held = rateLimitHold(store, account, now);
  if (held !== undefined) return held;
  const limit = getAccountLimit(store, account);
  if (limit === undefined || limit.resumedAt !== null) return undefined;
  const wait = getLimitWait(store, session.id);
  if (wait === undefined || wait.account !== account || wait.resumedTurn !== null) return undefined;
  if (wait.resumeAt !== null && wait.resumeAt <= now) return undefined;
  return {
    gate: "rate_limit",
    status: "rate_limited",
    reason: "usage_limit",
    words: limit.words,
    until: Math.max(wait.resumeAt ?? limit.resetAt, now),
    account,
  };
}
