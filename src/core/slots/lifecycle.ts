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
  /** What the previous decision asked to remember (`LifecycleDecision.memory`), stored as it was. */
  memory?: LifecycleMemory;
}

/**
 * What a lifecycle remembers from one cycle to the next, as plain data: the daemon stores
 * `decision.memory` and passes it back as `snapshot.memory`. It is what lets a pure decide debounce a
 * flaky probe and emit a PR event once per head SHA instead of once per cycle.
 */
export interface LifecycleMemory {
  /** The last definite runtime answer: `suspect` after one exited/missing probe, `gone` after two. */
  runtime?: "alive" | "suspect" | "gone";
  /** The agent was waiting for input at the last probe (so `needs_input` is emitted once per wait). */
  needsInput?: boolean;
  /** Per PR event type, the keys (head SHA, or review thread ids) it was last emitted for. */
  reported?: Partial<
    Record<"ci_failed" | "changes_requested" | "merge_conflicts" | "approved" | "mergeable", string[]>
  >;
}

export interface Observations {
  /** When the observations were made (ms since the epoch). */
  at: number;
  liveness: Liveness;
  /** Absent when the agent was not probed this cycle. */
  activity?: ActivityReport;
  /** Absent: the forge was not asked (or could not answer). null: the session has no PR. */
  pr?: PullRequestObservation | null;
  /** How long an idle agent without a PR may stay quiet before it is `stuck` (the project's agent-stuck threshold). */
  stuckAfterMs?: number;
}

/** What happened, for the reactions planner and the event log. Plain data, stored as JSON. */
export type LifecycleEvent =
  | { type: "status_changed"; from: SessionStatus; to: SessionStatus; reason: string }
  | { type: "needs_input" }
  | { type: "stuck"; idleMs: number }
  | { type: "exited"; exitCode: number | null }
  | { type: "ci_failed"; pr: number; headSha: string; checks: FailingCheck[] }
  | { type: "changes_requested"; pr: number; headSha: string; threads: ReviewThread[] }
  | { type: "merge_conflicts"; pr: number; headSha: string }
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
  /** When the agent was last seen working, for the next snapshot's `lastActivityAt`. */
  lastActivityAt?: number;
  /** For the next snapshot's `memory`; a lifecycle that remembers nothing leaves it out. */
  memory?: LifecycleMemory;
}

export interface Lifecycle {
  decide(previous: SessionSnapshot, observations: Observations): LifecycleDecision;
}
