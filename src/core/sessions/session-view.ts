import type { SessionCost } from "../cost/session-cost.js";
import type { Unenforced } from "../gates/gates.js";
import type {
  ActivityReport,
  AgentQuestion,
  CiState,
  Liveness,
  PullRequestState,
  ReviewDecision,
  RuntimePlacement,
} from "../slots/index.js";
import type { JsonObject, Session } from "../store/index.js";
import type { SessionProbe } from "./probe-sessions.js";
import type { SessionHold } from "./session-hold.js";

/**
 * One session as `--json` prints it (docs/sessions.md documents the shape). `runtime.liveness` is
 * `not_started` when there is no handle; `activity.source` says whether the agent was asked now
 * (`probe`) or the last observation stored by the lifecycle daemon is shown (`store`).
 */
export interface SessionView {
  id: string;
  project: string;
  issue: string | null;
  branch: string;
  worktree: string;
  status: string;
  reason: string | null;
  spawnStep: string | null;
  runtime: {
    name: string;
    handle: JsonObject | null;
    liveness: Liveness["state"] | "not_started";
    exitCode?: number | null;
    detail?: string;
    /** Where it runs, for runtimes that say (a container; a pod and its node); null otherwise. */
    placement: { kind: string; name: string; node: string | null } | null;
  };
  agent: { name: string; sessionId: string | null };
  /** For a control-plane worker: the name of the commander that opened it (issue 13); else null. */
  commander: string | null;
  /**
   * Why the agent ended, kept from the first time ao saw it exited: its exit code and the last few
   * lines it printed (redacted). null while it runs, or when ao never saw it exit.
   */
  exit: { exitCode: number | null; lastLines: string[]; seenAt: string } | null;
  /** `question`: with `needs_input`, the question the agent asked as data (ACP), answered by `ao approve`/`ao deny`. */
  activity: { state: string; detail?: string; question?: AgentQuestion; source: "probe" | "store" } | null;
  /**
   * True when the agent runs but its checkout (`worktree`) no longer exists on this machine: it was
   * removed behind ao's back. Checked for live sessions only; false otherwise.
   */
  workspaceMissing: boolean;
  /** The pull request as the lifecycle engine last observed it (the store; no forge is asked). */
  pr: PullRequestView | null;
  /** When the session entered its status; null when unknown. */
  statusSince: string | null;
  /** When the agent was last seen working; null when never observed. */
  lastActivityAt: string | null;
  createdAt: string;
  updatedAt: string;
  endedAt: string | null;
  ageMs: number;
  /** What the agent's records say it spent (docs/cost.md); `recorded: false` is unknown, not zero. */
  cost: SessionCost | null;
  /** Why a `rate_limited` or `over_budget` session gets no turns, and until when; else null. */
  hold: SessionHold | null;
  /**
   * The budget lines in force for it that ao cannot enforce (its agent records no usage, or its
   * spend has no price), each with why; empty when every budget is enforced or none is set.
   */
  unenforcedBudgets: readonly Unenforced[];
  /**
   * Bytes of memory its agent's process tree takes now (`ao status` MEM; admission learns from it);
   * null when unknown: not running, or its runtime gives no process id (docker, kubernetes).
   */
  memoryBytes: number | null;
}

/** The observation fields are null until the lifecycle engine has observed the pull request. */
export interface PullRequestView {
  number: number;
  url: string | null;
  state: PullRequestState | null;
  /** `logTail`: the end of the failing job's log, when the forge exposes it. */
  ci: { state: CiState; failing: { name: string; url: string | null; logTail: string | null }[] } | null;
  review: {
    decision: ReviewDecision;
    unresolvedThreads: number;
    threads: { path: string | null; line: number | null; author: string; body: string; url: string | null }[];
    /** Threads kept from the agent: no comment in them is by a trusted author (logins only). */
    withheld: { threads: number; authors: string[] } | null;
  } | null;
  mergeable: boolean | null;
  observedAt: string | null;
}

export function sessionView(
  session: Session,
  probe: SessionProbe | undefined,
  now: number,
  commander: string | null = null,
  cost: SessionCost | null = null,
  hold: SessionHold | null = null,
): SessionView {
  return {
    id: session.id,
    project: session.project,
    issue: session.issue,
    branch: session.branch,
    worktree: session.worktree,
    status: session.status,
    reason: session.reason,
    spawnStep: session.spawnStep,
    runtime: {
      name: session.runtime,
      handle: session.runtimeHandle,
      ...livenessView(probe?.liveness),
      placement: placementView(probe?.placement),
    },
    agent: { name: session.agent, sessionId: probe?.activity?.agentSessionId ?? session.agentSessionId },
    commander,
    exit: exitView(session),
    activity: activityView(probe?.activity, session.activity),
    workspaceMissing: probe?.workspaceMissing === true,
    pr: pullRequestView(session),
    statusSince: isoOrNull(session.statusSince),
    lastActivityAt: isoOrNull(session.lastActivityAt),
    createdAt: new Date(session.createdAt).toISOString(),
    updatedAt: new Date(session.updatedAt).toISOString(),
    endedAt: session.endedAt === null ? null : new Date(session.endedAt).toISOString(),
    ageMs: Math.max(0, now - session.createdAt),
    cost,
    hold,
    unenforcedBudgets: [],
    memoryBytes: null,
  };
}

function placementView(placement: RuntimePlacement | undefined): SessionView["runtime"]["placement"] {
  if (placement === undefined) return null;
  return { kind: placement.kind, name: placement.name, node: placement.node ?? null };
}

function livenessView(
  liveness: Liveness | undefined,
): Pick<SessionView["runtime"], "liveness" | "exitCode" | "detail"> {
  if (liveness === undefined) return { liveness: "not_started" };
  if (liveness.state === "exited") return { liveness: "exited", exitCode: liveness.exitCode };
  if (liveness.state === "unknown") return { liveness: "unknown", detail: liveness.reason };
  return { liveness: liveness.state };
}

function activityView(report: ActivityReport | undefined, stored: string | null): SessionView["activity"] {
  if (report !== undefined && (report.activity !== "unknown" || stored === null)) {
    return {
      state: report.activity,
      ...(report.detail === undefined ? {} : { detail: report.detail }),
      ...(report.question === undefined ? {} : { question: report.question }),
      source: "probe",
    };
  }
  return stored === null ? null : { state: stored, source: "store" };
}

function pullRequestView(session: Session): PullRequestView | null {
  const observed = session.prState;
  const number = session.prNumber ?? observed?.number;
  if (number === undefined) return null;
  return {
    number,
    url: session.prUrl ?? observed?.url ?? null,
    state: observed?.state ?? null,
    ci: observed
      ? {
          state: observed.ci.state,
          failing: observed.ci.failing.map((check) => ({
            name: check.name,
            url: check.url ?? null,
            logTail: check.logTail ?? null,
          })),
        }
      : null,
    review: observed
      ? {
          decision: observed.review.decision,
          unresolvedThreads: observed.review.threads.length,
          threads: observed.review.threads.map((thread) => ({
            path: thread.path ?? null,
            line: thread.line ?? null,
            author: thread.author,
            body: thread.body,
            url: thread.url ?? null,
          })),
          withheld: observed.review.withheld ?? null,
        }
      : null,
    mergeable: observed?.mergeable ?? null,
    observedAt: isoOrNull(observed?.observedAt ?? null),
  };
}

function exitView({ exit }: Session): SessionView["exit"] {
  if (exit === null) return null;
  return {
    exitCode: exit.exitCode,
    lastLines: [...exit.lastLines],
    seenAt: new Date(exit.seenAt).toISOString(),
  };
}

function isoOrNull(ms: number | null): string | null {
  return ms === null ? null : new Date(ms).toISOString();
}
