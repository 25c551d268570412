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
 * Reason codes in words; null for a code that only repeats the status (`pr_open` under "pull request
 * open"). A code not listed is said with spaces for its underscores: never a bare internal code.
 */
const REASON_WORDS: Readonly<Record<string, string | null>> = {
  agent_working: null,
  agent_idle: null,
  agent_needs_input: null,
  agent_exited: null,
  pr_open: null,
  ci_failing: null,
  review_requested: null,
  review_changes_requested: null,
  review_approved: null,
  approved_and_green: null,
  pr_merged: null,
  pr_closed: null,
  spawned: null,
  agent_failed: "the agent failed",
  idle_past_threshold: "idle for too long",
  runtime_missing: "its runtime is gone",
  ci_pending: "CI still running",
  merge_conflicts: "merge conflicts",
  mergeability_unknown: "mergeability not known yet",
  not_mergeable: "not mergeable",
  usage_limit: "usage limit reached",
};

/** The reason in plain words, or undefined when it says nothing the status does not. */
function reasonWords(reason: string | null): string | undefined {
  if (reason === null || reason === "") return undefined;
  if (!Object.hasOwn(REASON_WORDS, reason)) return reason.replace(/_/g, " ");
  return REASON_WORDS[reason] ?? undefined;
}

/**
 * One line for people saying what state a session is in, with what the store knows about why:
 * the failing checks, the open threads, the agent's exit code, the reason in words otherwise.
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
  return reasonWords(session.reason);
}
