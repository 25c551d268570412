import type { LifecycleDecision, Observations, SessionSnapshot } from "../../../core/plugin-api.js";

/**
 * The snapshot to hand to the next decide: the decision folded into the previous snapshot. This is
 * the whole protocol between the daemon and a lifecycle: `since` moves only when the status
 * changes, `lastActivityAt` and `memory` are the decision's, and the PR number follows the forge.
 */
export function nextSnapshot(
  previous: SessionSnapshot,
  observations: Observations,
  decision: LifecycleDecision,
): SessionSnapshot {
  const next: SessionSnapshot = {
    ...previous,
    status: decision.status,
    reason: decision.reason,
    since: decision.status === previous.status ? previous.since : observations.at,
  };
  if (decision.lastActivityAt !== undefined) next.lastActivityAt = decision.lastActivityAt;
  if (decision.memory !== undefined) next.memory = decision.memory;
  const pr = observations.pr;
  if (pr && pr.number !== previous.pr?.number) next.pr = { number: pr.number };
  return next;
}
