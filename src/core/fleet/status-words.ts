import type { SessionStatus } from "../slots/session-status.js";

/*
 * The words for statuses and their reasons, apart from describeStatus so that the page can say a
 * status change without loading the store's types.
 */

export const PHRASES: Readonly<Record<SessionStatus, string>> = {
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
export function reasonWords(reason: string | null): string | undefined {
  if (reason === null || reason === "") return undefined;
  if (!Object.hasOwn(REASON_WORDS, reason)) return reason.replace(/_/g, " ");
  return REASON_WORDS[reason] ?? undefined;
}

/**
 * A status change in words, "pull request open → CI failing", with its reason when it says more
 * (the session page's event list: never `from=pr_open to=ci_failed reason=ci_failing`).
 */
export function describeStatusChange(from: string, to: string, reason: string | null): string {
  const phrase = (status: string) =>
    Object.hasOwn(PHRASES, status) ? PHRASES[status as SessionStatus] : status.replace(/_/g, " ");
  const why = reasonWords(reason);
  return `${phrase(from)} → ${phrase(to)}${why === undefined ? "" : ` (${why})`}`;
}
