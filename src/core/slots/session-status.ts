/**
 * A session's status, as derived by the lifecycle slot from observations. Ordered roughly along a
 * session's life: the agent's own states first, then its pull request's, then the ends.
 */
export const SESSION_STATUSES = [
  "spawning",
  "working",
  "idle",
  "needs_input",
  "stuck",
  "rate_limited",
  "over_budget",
  "pr_open",
  "ci_failed",
  "review_pending",
  "changes_requested",
  "approved",
  "mergeable",
  "merged",
  "closed",
  "exited",
  "killed",
  "errored",
] as const;

export type SessionStatus = (typeof SESSION_STATUSES)[number];

const KNOWN: ReadonlySet<string> = new Set(SESSION_STATUSES);

export function isSessionStatus(value: unknown): value is SessionStatus {
  return typeof value === "string" && KNOWN.has(value);
}
