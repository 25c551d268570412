import type {
  LifecycleEvent,
  LifecycleMemory,
  PullRequestObservation,
  SessionStatus,
} from "../../../core/plugin-api.js";

type Reported = NonNullable<LifecycleMemory["reported"]>;
type ReportedType = keyof Reported;

export interface PullRequestEvents {
  events: LifecycleEvent[];
  reported: Reported;
}

/**
 * The events the reactions planner keys on for an open PR, level-triggered: each condition is
 * reported once per key and again only when a key was not reported before. The key is the head
 * SHA (CI still failing on a new push is news, the same SHA is not), except for requested changes:
 * GitHub keeps a review's decision across pushes, so those are keyed by the unresolved threads and
 * a push does not resend threads the agent was already given; a new thread does.
 */
export function pullRequestEvents(
  pr: PullRequestObservation,
  status: SessionStatus,
  before: Reported,
): PullRequestEvents {
  const reported: Reported = { ...before };
  const events: LifecycleEvent[] = [];
  const report = (type: ReportedType, keys: string[], event: LifecycleEvent) => {
    const known = new Set(before[type] ?? []);
    if (before[type] !== undefined && keys.every((key) => known.has(key))) return;
    reported[type] = keys;
    events.push(event);
  };
  const { number, headSha } = pr;
  if (pr.ci.state === "failing")
    report("ci_failed", [headSha], {
      type: "ci_failed",
      pr: number,
      headSha,
      checks: pr.ci.failing.map((check) => ({ ...check })),
    });
  if (pr.review.decision === "changes_requested")
    report("changes_requested", threadKeys(pr), {
      type: "changes_requested",
      pr: number,
      headSha,
      threads: pr.review.threads.map((thread) => ({ ...thread })),
    });
  if (pr.conflicts === true)
    report("merge_conflicts", [headSha], { type: "merge_conflicts", pr: number, headSha });
  if (status === "approved" || status === "mergeable")
    report("approved", [headSha], { type: "approved", pr: number, headSha });
  if (status === "mergeable") report("mergeable", [headSha], { type: "mergeable", pr: number, headSha });
  return { events, reported };
}

/** Requested changes without a thread (only a review summary) fall back to the head SHA. */
function threadKeys(pr: PullRequestObservation): string[] {
  const ids = pr.review.threads.map((thread) => `thread:${thread.id}`);
  return ids.length > 0 ? [...new Set(ids)].sort() : [`sha:${pr.headSha}`];
}
