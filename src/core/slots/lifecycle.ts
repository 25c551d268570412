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
  /**
   * The session is a control-plane worker with no turn under way: its agent waits for its
   * commander's next message (docs/control-plane.md). Quiet is then `idle`, never `stuck`: stuck is
   * for an agent that stopped making progress during a turn.
   */
  waitsForCommander?: boolean;
  /**
   * A gate holds the session's turns (docs/limits-and-budgets.md): its agent is at its usage limit
   * (`rate_limited`) or it is over budget (`over_budget`). A lifecycle shows it as the status while
   * it lasts, and still reports what the pull request did meanwhile.
   */
  hold?: { status: "rate_limited" | "over_budget"; reason: string };
}

/**
 * What happened, for the reactions planner and the event log. Plain data, stored as JSON: each one
 * except `status_changed` (stored as `session.status`) becomes a `lifecycle.<type>` event whose
 * payload is the event itself (src/core/events/lifecycle-events.ts).
 */
export type LifecycleEvent =
  /** The session's status changed; recorded as `session.status`, never as `lifecycle.status_changed`. */
  | { type: "status_changed"; from: SessionStatus; to: SessionStatus; reason: string }
  /** The agent started waiting for a person (a question, a permission prompt): once per wait. */
  | { type: "needs_input" }
  /** The agent has been idle without a pull request past the project's agent-stuck threshold. */
  | {
      type: "stuck";
      /** How long the agent had been quiet, in milliseconds. */
      idleMs: number;
    }
  /** The agent's process is gone: once, on the cycle that confirmed it (two probes in a row). */
  | {
      type: "exited";
      /** Its exit code; null when it was killed by a signal or the runtime itself is gone. */
      exitCode: number | null;
    }
  /** CI fails on the pull request's head: once per head. */
  | {
      type: "ci_failed";
      /** The pull request's number. */
      pr: number;
      /** The head commit CI failed on. */
      headSha: string;
      /** The failing checks, with the end of their logs when the forge exposes them. */
      checks: FailingCheck[];
    }
  /** A reviewer requested changes: once per set of unresolved threads. */
  | {
      type: "changes_requested";
      /** The pull request's number. */
      pr: number;
      /** The head commit the review applies to. */
      headSha: string;
      /** The unresolved review threads (untrusted authors' threads withheld). */
      threads: ReviewThread[];
    }
  /** The pull request conflicts with its base: once per head. */
  | {
      type: "merge_conflicts";
      /** The pull request's number. */
      pr: number;
      /** The head commit that conflicts. */
      headSha: string;
    }
  /** The pull request is approved: once per head. */
  | {
      type: "approved";
      /** The pull request's number. */
      pr: number;
      /** The approved head commit. */
      headSha: string;
    }
  /** Approved, CI green and no conflicts: ready to merge, once per head. */
  | {
      type: "mergeable";
      /** The pull request's number. */
      pr: number;
      /** The head commit that is ready to merge. */
      headSha: string;
    }
  /** The pull request was merged (by anyone); the session is `merged`. */
  | {
      type: "merged";
      /** The pull request's number. */
      pr: number;
    }
  /** The pull request was closed without a merge; the session is `closed`. */
  | {
      type: "closed";
      /** The pull request's number. */
      pr: number;
    };

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
