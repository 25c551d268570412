import type { SessionStatus } from "../slots/session-status.js";
import type { Session } from "../store/session-row.js";

const PHRASES: Readonly<Record<SessionStatus, string>> = {
  spawning: "starting",
  working: "agent working",
  idle: "agent idle",
  needs_input: "agent waits for input",
  stuck: "agent stuck",
  rate_limited: "agent at its usage limit",
  over_budget: "over budget",
  errored: "errored",
  exited: "agent exited",
  pr_open: "pull request open",
  ci_failed: "CI failing",
  review_pending: "waiting for review",
  changes_requested: "changes requested",
  approved: "approved",
  mergeable: "approved, CI green, mergeable",
  merged: "merged",
  closed: "pull request closed",
  killed: "killed",
};

/**
 * One line for people saying what state a session is in, with what the store knows about why:
 * the failing checks, the open threads, the agent's exit code, the reason code otherwise.
 */
export function describeStatus(session: Session): string {
  const phrase = PHRASES[session.status];
  const detail = statusDetail(session);
  return detail === undefined ? phrase : `${phrase}: ${detail}`;
}

function statusDetail(session: Session): string | undefined {
  const pr = session.prState;
  if (session.status === "ci_failed" && pr !== null && pr.ci.failing.length > 0)
    return pr.ci.failing.map((check) => check.name).join(", ");
  if (session.status === "changes_requested" && pr !== null && pr.review.threads.length > 0)
    return `${pr.review.threads.length} unresolved thread(s)`;
  if (session.status === "exited" && session.exit !== null)
    return session.exit.exitCode === null ? "no exit code" : `exit code ${session.exit.exitCode}`;
  return session.reason ?? undefined;
}
