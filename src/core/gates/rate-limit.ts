import { getAgentLimit, type Store } from "../store/index.js";
import type { Hold } from "./hold.js";

/**
 * The rate-limit gate: an agent at its usage limit on this machine holds every session of that
 * agent and every new spawn of it until the reset (one limit per agent, `agent_limits`). After the
 * reset nothing is held, whether or not the daemon has resumed the sessions yet.
 */
export function rateLimitHold(store: Store, agent: string, now: number): Hold | undefined {
  const limit = getAgentLimit(store, agent);
  if (limit === undefined || limit.resetAt <= now) return undefined;
  return {
    gate: "rate_limit",
    status: "rate_limited",
    reason: "usage_limit",
    words: limit.words,
    until: limit.resetAt,
  };
}
