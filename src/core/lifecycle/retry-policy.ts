import type { ReactionPayload } from "./reaction-payload.js";

/** The first retry waits this long; each further one twice as long, at most RETRY_MAX_MS. */
export const RETRY_BASE_MS = 30_000;
export const RETRY_MAX_MS = 15 * 60_000;
/** A notify reaction is tried at least this often: giving it up means nobody hears of it. */
export const MIN_NOTIFY_ATTEMPTS = 3;
/** How often telling a person about an escalation is tried before it is given up (and logged). */
export const ESCALATION_ATTEMPTS = 5;

/** When attempt `attempts` failed, the next one is due this long after now. */
export function retryDelay(attempts: number): number {
  return Math.min(RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1), RETRY_MAX_MS);
}

/**
 * How many attempts the action itself gets: `retries + 1`, capped by an `escalateAfter` count
 * ("escalate after this many attempts"); a notify reaction gets at least MIN_NOTIFY_ATTEMPTS.
 */
export function actionAttempts(payload: ReactionPayload): number {
  const allowed = payload.retries + 1;
  if (payload.action === "notify") return Math.max(allowed, MIN_NOTIFY_ATTEMPTS);
  return typeof payload.escalateAfter === "number"
    ? Math.max(1, Math.min(allowed, payload.escalateAfter))
    : allowed;
}
