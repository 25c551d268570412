import {
  DEFAULT_REACTIONS,
  parseDuration,
  type LifecycleDecision,
  type LifecycleMemory,
  type Observations,
  type SessionSnapshot,
  type SessionStatus,
} from "../../../core/plugin-api.js";
import { agentState } from "./agent-status.js";
import { agentEvents, statusEvents, type Target } from "./events.js";
import { pullRequestEvents, type PullRequestEvents } from "./pr-events.js";
import { openPullRequestState } from "./pr-status.js";
import { REASONS, type State } from "./reasons.js";
import { judgeRuntime, type RuntimeVerdict } from "./runtime-memory.js";

/** The built-in agent-stuck threshold (10m), for observations that do not carry the project's own. */
export const DEFAULT_STUCK_AFTER_MS = parseDuration(DEFAULT_REACTIONS["agent-stuck"].threshold ?? "10m");

/** Statuses read from the pull request: they stand while the forge was not asked this cycle. */
const PR_STATUSES: ReadonlySet<SessionStatus> = new Set([
  "pr_open",
  "ci_failed",
  "review_pending",
  "changes_requested",
  "approved",
  "mergeable",
]);

/** Statuses a hold never covers: the session is over, or its agent is gone. */
const ENDS: ReadonlySet<SessionStatus> = new Set(["merged", "closed", "exited", "killed", "errored"]);

/** Ends after which no agent event (exited, needs_input) is news to anyone. */
const FINISHED: ReadonlySet<SessionStatus> = new Set(["merged", "closed", "killed", "errored"]);

/** lifecycle/core's decide; the rules are tabled in docs/lifecycle.md. Pure: no clock, no I/O, no mutation. */
export function decide(previous: SessionSnapshot, observations: Observations): LifecycleDecision {
  if (previous.status === "killed" || previous.status === "merged") return unchanged(previous);
  const runtime = judgeRuntime(previous, observations.liveness);
  const observed = targetState(previous, observations, runtime);
  const target = heldState(observed, observations);
  const waiting = isWaiting(previous, observations);
  // The pull request's events are what happened to it: a hold does not hide them.
  const pr = prEvents(previous, observations, observed.state.status);
  const events = [
    ...statusEvents(previous.status, target, observations),
    ...(FINISHED.has(target.state.status) ? [] : agentEvents(previous, observations, runtime, waiting)),
    ...pr.events,
  ];
  const lastActivityAt = lastSeenWorking(previous, observations);
  return {
    ...target.state,
    events,
    ...(lastActivityAt === undefined ? {} : { lastActivityAt }),
    memory: memoryOf(runtime, waiting, pr.reported),
  };
}

function targetState(previous: SessionSnapshot, observations: Observations, runtime: RuntimeVerdict): Target {
  const keep: Target = { state: { status: previous.status, reason: previous.reason } };
  const pr = observations.pr;
  if (pr?.state === "merged") return { state: { status: "merged", reason: REASONS.prMerged } };
  if (pr?.state === "closed") return { state: { status: "closed", reason: REASONS.prClosed } };
  // errored stays errored; a closed session comes back only when its PR is reopened.
  if (previous.status === "errored" || (previous.status === "closed" && pr?.state !== "open")) return keep;
  if (pr?.state === "open") return { state: openPullRequestState(pr) };
  if (pr === undefined && PR_STATUSES.has(previous.status)) return keep;
  if (runtime.gone) return previous.status === "exited" ? keep : { state: exitedState(observations) };
  if (observations.liveness.state !== "alive") return keep;
  const stuckAfterMs = observations.stuckAfterMs ?? DEFAULT_STUCK_AFTER_MS;
  const agent = agentState(previous, observations, stuckAfterMs);
  return agent === undefined ? keep : { state: agent.state, stuckFor: agent.stuckFor };
}

/**
 * A gate's hold (the agent's usage limit, a budget) is the status while it lasts, over what the
 * agent and the pull request say; not over an end (merged, closed, exited, killed, errored).
 */
function heldState(target: Target, observations: Observations): Target {
  const hold = observations.hold;
  if (hold === undefined || ENDS.has(target.state.status)) return target;
  return { state: { status: hold.status, reason: hold.reason } };
}

function exitedState(observations: Observations): State {
  const { liveness } = observations;
  if (liveness.state === "missing") return { status: "exited", reason: REASONS.runtimeMissing };
  const failed = liveness.state === "exited" && liveness.exitCode !== null && liveness.exitCode !== 0;
  return { status: "exited", reason: failed ? REASONS.agentFailed : REASONS.agentExited };
}

/** PR events only while the session's status is read from an open PR. */
function prEvents(
  previous: SessionSnapshot,
  observations: Observations,
  status: SessionStatus,
): PullRequestEvents {
  const before = previous.memory?.reported ?? {};
  const pr = observations.pr;
  if (pr?.state !== "open" || !PR_STATUSES.has(status)) return { events: [], reported: before };
  return pullRequestEvents(pr, status, before);
}

/** Waiting needs a live runtime to say so; an unknown probe keeps what was known. */
function isWaiting(previous: SessionSnapshot, observations: Observations): boolean {
  if (observations.liveness.state === "unknown")
    return previous.memory?.needsInput ?? previous.status === "needs_input";
  return observations.liveness.state === "alive" && observations.activity?.activity === "needs_input";
}

function lastSeenWorking(previous: SessionSnapshot, observations: Observations): number | undefined {
  const working = observations.liveness.state === "alive" && observations.activity?.activity === "working";
  return working ? observations.at : previous.lastActivityAt;
}

function memoryOf(
  runtime: RuntimeVerdict,
  waiting: boolean,
  reported: NonNullable<LifecycleMemory["reported"]>,
): LifecycleMemory {
  return {
    ...(runtime.memory === undefined ? {} : { runtime: runtime.memory }),
    ...(waiting ? { needsInput: true } : {}),
    ...(Object.keys(reported).length === 0 ? {} : { reported: structuredClone(reported) }),
  };
}

/** killed and merged are final: nothing observed changes them, and nothing is remembered anew. */
function unchanged(previous: SessionSnapshot): LifecycleDecision {
  return {
    status: previous.status,
    reason: previous.reason,
    events: [],
    ...(previous.lastActivityAt === undefined ? {} : { lastActivityAt: previous.lastActivityAt }),
    ...(previous.memory === undefined ? {} : { memory: structuredClone(previous.memory) }),
  };
}
