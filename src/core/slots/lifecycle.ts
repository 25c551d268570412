import type { ActivityReport } from "./agent.js";
import type { Liveness } from "./runtime.js";
import type { FailingCheck, PullRequestObservation, ReviewThread } from "./scm.js";
import type { SessionStatus } from "./session-status.js";

export { SESSION_STATUSES, isSessionStatus, type SessionStatus } from "./session-status.js";

/**
 * lifecycle: the one decision of the system, as a pure function. Given what a session was and what
 * was observed this cycle, it says what the session is now and which events happened. No I/O, no
 * clock (the time is part of the observations), no mutation: the daemon can replay it, and tests
 * need nothing but data.
 */

export interface SessionSnapshot {
  sessionId: string;
  status: SessionStatus;
  /** A reason code such as `agent_working`, `ci_failing`, `runtime_missing`. */
  reason: string;
  /** When the session entered `status` (ms since the epoch). */
  since: number;
  /** When the agent was last seen working (ms since the epoch). */
  lastActivityAt?: number;
  /** The session's pull request once one exists. */
  pr?: { number: number; url?: string };
}

export interface Observations {
  /** When the observations were made (ms since the epoch). */
  at: number;
  liveness: Liveness;
  /** Absent when the agent was not probed this cycle. */
  activity?: ActivityReport;
  /** Absent: the forge was not asked (or could not answer). null: the session has no PR. */
  pr?: PullRequestObservation | null;
}

/** What happened, for the reactions planner and the event log. Plain data, stored as JSON. */
export type LifecycleEvent =
  | { type: "status_changed"; from: SessionStatus; to: SessionStatus; reason: string }
  | { type: "needs_input" }
  | { type: "stuck"; idleMs: number }
  | { type: "exited"; exitCode: number | null }
  | { type: "ci_failed"; pr: number; headSha: string; checks: FailingCheck[] }
  | { type: "changes_requested"; pr: number; headSha: string; threads: ReviewThread[] }
  | { type: "approved"; pr: number; headSha: string }
  | { type: "mergeable"; pr: number; headSha: string }
  | { type: "merged"; pr: number }
  | { type: "closed"; pr: number };

export type LifecycleEventType = LifecycleEvent["type"];

export interface LifecycleDecision {
  status: SessionStatus;
  reason: string;
  /** Includes exactly one `status_changed` when the status differs from the previous one. */
  events: LifecycleEvent[];
}

export interface Lifecycle {
  decide(previous: SessionSnapshot, observations: Observations): LifecycleDecision;
}
