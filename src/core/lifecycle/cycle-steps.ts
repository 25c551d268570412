import { priceTable } from "../cost/prices.js";
import { refreshUsage } from "../cost/refresh-usage.js";
import type { Session } from "../store/index.js";
import { sessionPluginOptions } from "../session-plugins/session-plugins.js";
import { cycleProject } from "./cycle-project.js";
import { advancePlans } from "./cycle-plans.js";
import { cycleTurns } from "./cycle-turns.js";
import { watchBudgets } from "./watch-budgets.js";
import { watchLimits } from "./watch-limits.js";
import { watchConflicts } from "./watch-conflicts.js";
import { advanceTrains } from "./watch-trains.js";
import type { CycleStep, StepResult } from "./cycle-scope.js";
import { deliverReactions, type DeliveryScope } from "./deliver-reactions.js";
import type { CycleOptions } from "./run-cycle.js";
import { sumResults } from "./cycle-report.js";

/**
 * Observe → decide → persist → plan, project by project: one batched look at each project's
 * sessions, then one write transaction per session (cycle-project.ts).
 */
export const decideProjects: CycleStep = async (scope) => {
  const results: StepResult[] = [];
  for (const [projectId, sessions] of groupByProject(scope.sessions))
    results.push(await cycleProject(scope, projectId, sessions));
  return sumResults(results);
};

/**
 * Usage (docs/cost.md): what each session's agent recorded since the last cycle, priced and stored
 * per turn, before reactions and turns are handed out (a budget gate reads it).
 */
export const readUsage: CycleStep = async (scope) => {
  const optionsFor = sessionPluginOptions(scope.config);
  const registryOf = (session: Session) =>
    scope.plugins.forProject(session.project)?.registry ?? scope.plugins.shared;
  const agentOf = (session: Session) =>
    registryOf(session).resolve("agent", session.agent, optionsFor(session, "agent"));
  const refresh = await refreshUsage(
    scope.ctx,
    scope.store,
    agentOf,
    priceTable(scope.config.pricing),
    scope.sessions,
  );
  return { errors: refresh.errors };
};

/** Deliver: claim the due reactions of the cycle's scope and carry each out (deliver-reactions.ts). */
export const deliverDueReactions: CycleStep = async (scope) => {
  if (scope.options.deliver === false) return {};
  return deliverReactions(scope.ctx, scope.engine, deliveryScope(scope.options));
};

/**
 * Turns (cycle-turns.ts): open turns caught up, queued ones delivered to free agents. After the
 * reactions: a reaction cancelled this cycle drops its queued turn first, so it is never delivered.
 */
export const advanceTurns: CycleStep = async (scope) => ({
  errors: await cycleTurns(
    scope.ctx,
    scope.engine,
    deliveryScope(scope.options),
    scope.options.deliver !== false,
  ),
});

/**
 * Reactions whose turn the step before just delivered (they were deferred behind the agent's open
 * turn): recorded `delivered` now, in the cycle that delivered them, so no one sees the agent
 * answering a reaction before the reaction says it was sent. Otherwise it claims only what fell due
 * while the turns were handed out.
 */
export const settleDeliveredReactions: CycleStep = deliverDueReactions;

/**
 * The steps of every cycle, in order. A step that throws is reported in `errors` and the next one
 * still runs. A step that reads what the agents did since the last cycle belongs between deciding
 * and delivering; one that hands agents their queued work, with the delivery.
 */
export const CYCLE_STEPS: readonly CycleStep[] = [
  watchBudgets,
  watchLimits,
  decideProjects,
  watchConflicts,
  readUsage,
  advancePlans,
  deliverDueReactions,
  advanceTurns,
  advanceTrains,
  settleDeliveredReactions,
];

/** A scoped cycle delivers only within its scope: another project's agents are not its business. */
function deliveryScope(options: CycleOptions): DeliveryScope {
  if (options.project !== undefined) return { project: options.project };
  return options.sessionIds === undefined ? {} : { sessionIds: options.sessionIds };
}

function groupByProject(sessions: readonly Session[]): Map<string, Session[]> {
  const groups = new Map<string, Session[]>();
  for (const session of sessions)
    groups.set(session.project, [...(groups.get(session.project) ?? []), session]);
  return groups;
}
