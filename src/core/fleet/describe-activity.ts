import { TERMINAL_SESSION_STATUSES } from "../store/session-status.js";

const ENDED: ReadonlySet<string> = new Set(TERMINAL_SESSION_STATUSES);

/**
 * What the agent is doing, as `ao status` and the dashboard both say it: the agent's own word
 * (`working`, `idle`, `needs_input`, `exited`); `ended` for a session that is over (never its last
 * stored "working"); `unknown` when ao could not read it, never `idle` (a `command` agent has no
 * activity signal at all). `activity` is the agent's report, or the lifecycle's last stored one.
 */
export function describeActivity(status: string, activity: string | null | undefined): string {
  if (ENDED.has(status)) return "ended";
  if (activity === null || activity === undefined || activity === "") return "unknown";
  return activity;
}
