import { parseDuration } from "../config/duration.js";
import type { ReactionTable } from "../config/index.js";
import { messageOf } from "../errors.js";
import { sessionRateLimitHold } from "../gates/gates.js";
import type { Observations } from "../slots/index.js";
import {
  getBudgetHold,
  isTerminalStatus,
  listSessions,
  writeTransaction,
  type Session,
} from "../store/index.js";
import { applyDecision } from "./apply-decision.js";
import type { CycleScope, StepResult } from "./cycle-scope.js";
import type { ProjectPlugins } from "./engine-plugins.js";
import { insertPlanned } from "./insert-planned.js";
import { observeProject, type ProjectObservation } from "./observe-sessions.js";
import { planAllComplete } from "./plan-all-complete.js";
import { workersWaitingForCommander } from "./waiting-workers.js";

/** What a project's decisions are made with: its reaction table and base branch. */
interface ProjectRules {
  readonly projectId: string;
  readonly reactions: ReactionTable;
  readonly baseBranch: string;
  readonly stuckAfterMs: number;
}

/**
 * One project's part of a cycle: observe its sessions, then decide, persist and plan per session;
 * all-complete once a session of it ended. What failed is in the result's `errors`.
 */
export async function cycleProject(
  scope: CycleScope,
  projectId: string,
  sessions: readonly Session[],
): Promise<StepResult> {
  const plugins = scope.plugins.forProject(projectId);
  const rules = rulesOf(scope, projectId, plugins);
  let observed: ProjectObservation;
  try {
    observed = await observeProject(scope, plugins, sessions);
  } catch (error) {
    return { errors: [`${projectId}: ${messageOf(error)}`] };
  }
  const decided = decideAll(scope, rules, sessions, observed);
  const completion = decided.ended ? planProjectComplete(scope, rules) : {};
  return {
    events: decided.events,
    planned: decided.planned + (completion.planned ?? 0),
    errors: [...observed.errors, ...decided.errors, ...(completion.errors ?? [])],
  };
}

function rulesOf(scope: CycleScope, projectId: string, plugins: ProjectPlugins | undefined): ProjectRules {
  const reactions = plugins?.project.reactions ?? scope.config.reactions;
  return {
    projectId,
    reactions,
    baseBranch: plugins?.project.defaultBranch ?? "main",
    stuckAfterMs: parseDuration(reactions["agent-stuck"].threshold ?? "10m"),
  };
}

/** Decide + persist + plan, one write transaction per session (apply-decision.ts). */
function decideAll(
  scope: CycleScope,
  rules: ProjectRules,
  sessions: readonly Session[],
  observed: ProjectObservation,
): { events: number; planned: number; ended: boolean; errors: string[] } {
  const decided = { events: 0, planned: 0, ended: false, errors: [] as string[] };
  const waiting = workersWaitingForCommander(scope.store, sessions);
  for (const session of sessions) {
    const observation = observed.observations.get(session.id);
    if (observation === undefined) continue;
    try {
      const applied = applyDecision({
        store: scope.store,
        lifecycle: scope.lifecycleOf(rules.projectId),
        sessionId: session.id,
        observation,
        at: scope.at,
        stuckAfterMs: rules.stuckAfterMs,
        waitsForCommander: waiting.has(session.id),
        hold: holdOf(scope, session),
        reactions: rules.reactions,
        baseBranch: rules.baseBranch,
      });
      decided.events += applied.events;
      decided.planned += applied.planned;
      if (applied.session && isFinished(applied.session) && applied.from !== applied.session.status)
        decided.ended = true;
    } catch (error) {
      decided.errors.push(`${session.id}: ${messageOf(error)}`);
    }
  }
  return decided;
}

/** The gate holding the session this cycle: its account's usage limit, else a budget hold of watchBudgets. */
function holdOf(scope: CycleScope, session: Session): Observations["hold"] {
  const limited = sessionRateLimitHold(scope.store, session, scope.at);
  if (limited !== undefined) return { status: limited.status, reason: limited.reason };
  const budget = getBudgetHold(scope.store, session.id);
  return budget === undefined ? undefined : { status: "over_budget", reason: `${budget.scope}_budget` };
}

/** all-complete, planned in its own transaction once a session of the project ended this cycle. */
function planProjectComplete(scope: CycleScope, rules: ProjectRules): StepResult {
  try {
    const planned = writeTransaction(scope.store, (tx) => {
      const all = listSessions(tx, { project: rules.projectId });
      const complete = planAllComplete(rules.projectId, all, rules.reactions, {
        at: scope.at,
        baseBranch: rules.baseBranch,
        isOver: isFinished,
      });
      return insertPlanned(tx, complete);
    });
    return { planned };
  } catch (error) {
    return { errors: [`${rules.projectId}: all-complete: ${messageOf(error)}`] };
  }
}

/**
 * Over for all-complete: terminal, except `exited` — an agent that quit can be restored and its
 * person was already told (agent-exited); its work is not done.
 */
function isFinished(session: Session): boolean {
  return isTerminalStatus(session.status) && session.status !== "exited";
}
