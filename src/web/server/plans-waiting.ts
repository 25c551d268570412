import { listPlans, readPlanCard } from "../../core/plans/index.js";
import type { Store } from "../../core/store/index.js";
import type { PlanWaiting } from "../api/types.js";

/**
 * The plans a person has to approve or reject (status `proposed`), oldest first, for the fleet
 * page's "Needs you": a proposal nobody looks at blocks its whole plan.
 */
export function plansWaiting(store: Store): PlanWaiting[] {
  return listPlans(store).flatMap((plan) => {
    if (plan.status !== "proposed") return [];
    const card = readPlanCard(store, plan.id);
    if (card === undefined) return [];
    return [
      {
        id: plan.id,
        project: plan.project,
        goal: card.goal,
        revision: plan.revision,
        steps: card.steps.length,
        proposedBy: plan.createdBy,
        since: new Date(plan.updatedAt).toISOString(),
      },
    ];
  });
}
