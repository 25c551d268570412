import type {
  ActivityReport,
  Lifecycle,
  LifecycleDecision,
  LifecycleEvent,
  Observations,
  PullRequestObservation,
  SessionSnapshot,
  SessionStatus,
} from "../../src/core/slots/index.js";

type State = { status: SessionStatus; reason: string };

const PR_STATUSES: ReadonlySet<SessionStatus> = new Set([
  "pr_open",
  "ci_failed",
  "review_pending",
  "changes_requested",
  "approved",
  "mergeable",
]);

/**
 * The plainest decide that satisfies the lifecycle contract: fixed precedence, no timing (so it
 * never says `stuck`). Daemon and reaction tests use it so their expectations do not hang on the
 * real engine's finer rules.
 */
export class FakeLifecycle implements Lifecycle {
  decide(previous: SessionSnapshot, observations: Observations): LifecycleDecision {
    const next = nextState(previous, observations);
    if (next.status === previous.status) return { ...next, events: [] };
    const changed: LifecycleEvent = {
      type: "status_changed",
      from: previous.status,
      to: next.status,
      reason: next.reason,
    };
    return { ...next, events: [changed, ...entryEvents(next.status, observations)] };
  }
}

function nextState(previous: SessionSnapshot, observations: Observations): State {
  const keep: State = { status: previous.status, reason: previous.reason };
  if (previous.status === "killed" || previous.status === "merged") return keep;
  const { pr, liveness } = observations;
  if (pr?.state === "merged") return { status: "merged", reason: "pr_merged" };
  if (pr?.state === "closed") return { status: "closed", reason: "pr_closed" };
  if (liveness.state === "unknown") return keep;
  if (liveness.state === "exited") return { status: "exited", reason: "agent_exited" };
  if (liveness.state === "missing") return { status: "exited", reason: "runtime_missing" };
  if (pr?.state === "open") return pullRequestState(pr);
  // The forge was not asked this cycle: a PR-derived status stands until it answers.
  if (pr === undefined && PR_STATUSES.has(previous.status)) return keep;
  return agentState(observations.activity) ?? keep;
}

function pullRequestState(pr: PullRequestObservation): State {
  if (pr.ci.state === "failing") return { status: "ci_failed", reason: "ci_failing" };
  if (pr.review.decision === "changes_requested")
    return { status: "changes_requested", reason: "review_changes_requested" };
  if (pr.review.decision === "approved") {
    const green = pr.ci.state === "passing" || pr.ci.state === "none";
    return green && pr.mergeable === true
      ? { status: "mergeable", reason: "approved_and_green" }
      : { status: "approved", reason: "review_approved" };
  }
  if (pr.review.decision === "pending") return { status: "review_pending", reason: "review_requested" };
  return { status: "pr_open", reason: "pr_open" };
}

function agentState(activity: ActivityReport | undefined): State | undefined {
  switch (activity?.activity) {
    case "working":
      return { status: "working", reason: "agent_working" };
    case "idle":
      return { status: "idle", reason: "agent_idle" };
    case "needs_input":
      return { status: "needs_input", reason: "agent_needs_input" };
    default:
      // unknown, exited-while-alive (contradictory), or not probed: no new information.
      return undefined;
  }
}

function entryEvents(status: SessionStatus, observations: Observations): LifecycleEvent[] {
  const pr = observations.pr ?? undefined;
  switch (status) {
    case "needs_input":
      return [{ type: "needs_input" }];
    case "exited":
      return [
        {
          type: "exited",
          exitCode: observations.liveness.state === "exited" ? observations.liveness.exitCode : null,
        },
      ];
    case "ci_failed":
      return pr ? [{ type: "ci_failed", pr: pr.number, headSha: pr.headSha, checks: pr.ci.failing }] : [];
    case "changes_requested":
      return pr
        ? [{ type: "changes_requested", pr: pr.number, headSha: pr.headSha, threads: pr.review.threads }]
        : [];
    case "approved":
      return pr ? [{ type: "approved", pr: pr.number, headSha: pr.headSha }] : [];
    case "mergeable":
      return pr ? [{ type: "mergeable", pr: pr.number, headSha: pr.headSha }] : [];
    case "merged":
      return pr ? [{ type: "merged", pr: pr.number }] : [];
    case "closed":
      return pr ? [{ type: "closed", pr: pr.number }] : [];
    default:
      return [];
  }
}
