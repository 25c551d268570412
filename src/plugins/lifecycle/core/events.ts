import type {
  LifecycleEvent,
  Observations,
  SessionSnapshot,
  SessionStatus,
} from "../../../core/plugin-api.js";
import type { State } from "./reasons.js";
import type { RuntimeVerdict } from "./runtime-memory.js";

export interface Target {
  state: State;
  /** How long the agent had been quiet, when this decision makes it stuck. */
  stuckFor?: number | undefined;
}

/** One `status_changed` per change, followed by what entering the new status means. */
export function statusEvents(
  from: SessionStatus,
  target: Target,
  observations: Observations,
): LifecycleEvent[] {
  const { status, reason } = target.state;
  if (status === from) return [];
  const changed: LifecycleEvent = { type: "status_changed", from, to: status, reason };
  const pr = observations.pr;
  if (status === "stuck") return [changed, { type: "stuck", idleMs: target.stuckFor ?? 0 }];
  if (status === "merged" && pr) return [changed, { type: "merged", pr: pr.number }];
  if (status === "closed" && pr) return [changed, { type: "closed", pr: pr.number }];
  return [changed];
}

/**
 * The agent's own news, whatever the PR says: its process is gone (once, on the cycle that
 * confirmed it), or it started waiting for a person.
 */
export function agentEvents(
  previous: SessionSnapshot,
  observations: Observations,
  runtime: RuntimeVerdict,
  waiting: boolean,
): LifecycleEvent[] {
  const { liveness } = observations;
  if (runtime.newlyGone)
    return [{ type: "exited", exitCode: liveness.state === "exited" ? liveness.exitCode : null }];
  const waitedBefore = previous.memory?.needsInput ?? previous.status === "needs_input";
  return waiting && !waitedBefore ? [{ type: "needs_input" }] : [];
}
