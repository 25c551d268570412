import { messageOf } from "../errors.js";
import { listPlans } from "../plans/plan-store.js";
import { advancePlan } from "../plans/run/advance-plan.js";
import { engineWorld } from "./engine-world.js";
import { planSteps } from "../store/index.js";
import type { CycleStep } from "./cycle-scope.js";

const LIVE = new Set(["approved", "executing", "synthesizing"]);
const ENDED = new Set(["completed", "failed", "cancelled"]);

/**
 * Plans (docs/plans.md, "Execution"): each plan the daemon has to move — approved, executing,
 * synthesizing, or ended with its parent ticket not told yet — is advanced once per cycle, after
 * the sessions were decided (a merged pull request is known) and before turns are delivered (a
 * debate or synthesis turn given now goes out in this cycle). A plan that fails to advance is an
 * error of the cycle; the others go on.
 */
export const advancePlans: CycleStep = async (scope) => {
  if (scope.options.deliver === false || scope.options.sessionIds !== undefined) return {};
  const world = engineWorld(scope.ctx, scope.engine);
  const errors: string[] = [];
  for (const plan of listPlans(scope.store)) {
    if (scope.options.project !== undefined && plan.project !== scope.options.project) continue;
    const waiting =
      LIVE.has(plan.status) || (ENDED.has(plan.status) && !planSteps(scope.store, plan.id).has("mirrored"));
    if (!waiting || plan.approvedRevision === null) continue;
    try {
      await advancePlan(world, plan);
    } catch (error) {
      errors.push(`plan ${plan.id}: ${messageOf(error)}`);
    }
  }
  return { errors };
};
