import type { ConflictView } from "../../core/conflicts/index.js";
import type { SessionCost } from "../../core/cost/index.js";
import { dataAgeMs, describeActivity, observedAt, zoneOf, type Observer } from "../../core/fleet/index.js";
import {
  isTerminalStatus,
  type PrState,
  type Session,
  type StoredEvent,
  type Turn,
} from "../../core/store/index.js";
import type { SessionHold } from "../../core/sessions/index.js";
import type { ActivityBrief, DiffBrief, FleetCard, PullRequestBrief, TurnBrief } from "../api/types.js";
import { conflictBriefs } from "./card-conflicts.js";
import { questionBrief, urgencyBrief } from "./card-question.js";

/** What the store holds about one session beyond its row: its latest events of a few kinds, its turns. */
export interface CardFacts {
  readonly session: Session;
  readonly statusEvent?: StoredEvent | undefined;
  readonly escalation?: StoredEvent | undefined;
  /** Its open (delivering, running) turn, else its newest one. */
  readonly turn?: Turn | undefined;
  /** Its recorded spend (src/core/cost); absent or `recorded: false` is unknown. */
  readonly cost?: SessionCost | undefined;
  /** Its `session.workspace_removed` that still stands (no restore after it), if any. */
  readonly workspaceRemoval?: StoredEvent | undefined;
  /** Its latest `session.question`: what its agent asked last. */
  readonly question?: StoredEvent | undefined;
  /** Why a held session gets no turns (a usage limit, a budget). */
  readonly hold?: SessionHold | null | undefined;
  /** The first line of its task (task-title.ts), when it has one. */
  readonly taskTitle?: string | undefined;
  /** Its branch's diff size as last computed (diff-sizes.ts). */
  readonly diff?: DiffBrief | null | undefined;
  /** The radar's pairs it is in (core/conflicts), while it is live. */
  readonly conflicts?: readonly ConflictView[] | undefined;
}

/** One fleet card, from the store's facts alone (no runtime, agent or forge is asked). */
export function fleetCard(facts: CardFacts, observer: Observer, now: number): FleetCard {
  const { session } = facts;
  const { zone, why } = zoneOf(facts);
  const observed = observedAt(session, observer);
  const question = questionBrief(session, facts.question);
  return {
    id: session.id,
    project: session.project,
    issue: session.issue,
    title: titleOf(facts),
    branch: session.branch,
    agent: session.agent,
    runtime: session.runtime,
    status: session.status,
    reason: session.reason,
    activity: activityOf(session, facts.turn),
    pr: pullRequestBrief(session),
    cost: costBrief(facts.cost),
    lastActivityAt: iso(session.lastActivityAt),
    statusSince: iso(session.statusSince),
    createdAt: new Date(session.createdAt).toISOString(),
    endedAt: iso(session.endedAt),
    zone,
    why: { ...why, at: new Date(why.at).toISOString() },
    observedAt: new Date(observed).toISOString(),
    dataAgeMs: dataAgeMs(observed, now),
    workspaceMissing: workspaceMissingOf(facts),
    question,
    urgency: urgencyBrief(session, zone, why, facts.escalation, question),
    diff: facts.diff ?? null,
    hold: facts.hold ?? null,
    conflicts: conflictBriefs(session.id, facts.conflicts),
  };
}

/** Only a live session's checkout removed by someone else is a warning; ao's own removals end it. */
function workspaceMissingOf({ session, workspaceRemoval }: CardFacts): FleetCard["workspaceMissing"] {
  if (workspaceRemoval === undefined || isTerminalStatus(session.status)) return null;
  const { by, worktree } = workspaceRemoval.payload;
  if (by !== "outside") return null;
  const path = typeof worktree === "string" ? worktree : session.worktree;
  return { worktree: path, noticedAt: new Date(workspaceRemoval.createdAt).toISOString() };
}

/**
 * The pull request's title once observed, else the task's first line. The task's own words never
 * enter the store's events (they are untrusted and may quote secrets; they live in the session's
 * task file): the line is read from there, redacted, by the server that shows it.
 */
function titleOf({ session, taskTitle }: CardFacts): string | null {
  return session.prState?.title ?? taskTitle ?? null;
}

/** An ended session has no turn open whatever its last turn row says, and says so (`ended`). */
function activityOf(session: Session, turn: Turn | undefined): ActivityBrief {
  const open =
    turn !== undefined &&
    !isTerminalStatus(session.status) &&
    !["completed", "interrupted", "failed", "empty"].includes(turn.status);
  const state = !open ? "idle" : turn.status === "queued" ? "queued" : "running";
  return {
    state: session.activity,
    text: describeActivity(session.status, session.activity),
    turn: state,
    last: turn === undefined ? null : turnBrief(turn),
  };
}

function turnBrief(turn: Turn): TurnBrief {
  const at = Math.max(turn.queuedAt, turn.deliveredAt ?? 0, turn.startedAt ?? 0, turn.endedAt ?? 0);
  return { id: turn.id, status: turn.status, origin: turn.origin, at: new Date(at).toISOString() };
}

/** The pull request as the lifecycle last observed it; number and URL alone before the first observation. */
export function pullRequestBrief(session: Session): PullRequestBrief | null {
  const observed: PrState | null = session.prState;
  const number = session.prNumber ?? observed?.number;
  if (number === undefined) return null;
  return {
    number,
    url: session.prUrl ?? observed?.url ?? null,
    title: observed?.title ?? null,
    state: observed?.state ?? null,
    headSha: observed?.headSha ?? null,
    mergeable: observed?.mergeable ?? null,
    ci: observed
      ? { state: observed.ci.state, failing: observed.ci.failing.map((check) => check.name) }
      : null,
    review: observed
      ? { decision: observed.review.decision, unresolvedThreads: observed.review.threads.length }
      : null,
    observedAt: observed ? new Date(observed.observedAt).toISOString() : null,
  };
}

export function iso(ms: number | null): string | null {
  return ms === null ? null : new Date(ms).toISOString();
}

function costBrief(cost: SessionCost | undefined): FleetCard["cost"] {
  if (cost === undefined || !cost.recorded || cost.readAt === null) return null;
  const { usd, tokens, unpricedTokens } = cost;
  return { usd, tokens, unpricedTokens, observedAt: new Date(cost.readAt).toISOString() };
}
