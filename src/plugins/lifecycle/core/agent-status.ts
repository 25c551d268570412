import type { Observations, SessionSnapshot } from "../../../core/plugin-api.js";
import { REASONS, type State } from "./reasons.js";

export interface AgentVerdict {
  state: State;
  /** Set when the session has just become stuck: how long the agent has been quiet. */
  stuckFor?: number;
}

/**
 * The status of a live session without a pull request, from the agent's activity. `unknown`, a
 * contradictory `exited` (the runtime said alive) and no report at all say nothing new: a working or
 * waiting agent stays so, while an idle one keeps being quiet and becomes `stuck` once quiet for
 * `stuckAfterMs`. A first quiet answer after work is always `idle`, never straight `stuck`, and a
 * stuck agent stays stuck until it works or asks for input again. A worker waiting for its
 * commander (no turn under way) is never stuck: quiet is what it should be, so it is (again) idle.
 */
export function agentState(
  previous: SessionSnapshot,
  observations: Observations,
  stuckAfterMs: number,
): AgentVerdict | undefined {
  const activity = observations.activity?.activity;
  if (activity === "working") return { state: { status: "working", reason: REASONS.agentWorking } };
  if (activity === "needs_input")
    return { state: { status: "needs_input", reason: REASONS.agentNeedsInput } };
  const reportedIdle = activity === "idle";
  if (observations.waitsForCommander === true)
    return reportedIdle || previous.status === "stuck"
      ? { state: { status: "idle", reason: REASONS.agentIdle } }
      : undefined;
  if (previous.status === "stuck") return undefined;
  if (previous.status !== "idle")
    return reportedIdle ? { state: { status: "idle", reason: REASONS.agentIdle } } : undefined;
  const quietFor = observations.at - quietSince(previous);
  if (quietFor >= stuckAfterMs)
    return { state: { status: "stuck", reason: REASONS.idlePastThreshold }, stuckFor: quietFor };
  return reportedIdle ? { state: { status: "idle", reason: REASONS.agentIdle } } : undefined;
}

/**
 * When the quiet began: the later of the last sign of work and the moment the session became idle
 * (a restored session's old `lastActivityAt` must not make it stuck at once).
 */
function quietSince(previous: SessionSnapshot): number {
  return Math.max(previous.lastActivityAt ?? previous.since, previous.since);
}
