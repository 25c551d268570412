/** What `GET /api/plans` answers: one line per plan, newest last. */
export interface PlanListAnswer {
  plans: { id: string; project: string; status: string; revision: number; steps: number; done: number }[];
}

/** What `GET /api/plans/:id` answers: the plan's card, the one type `ao plan show --json` prints too. */
export type { PlanCard as PlanCardView } from "../../core/plans/run/plan-card-types.js";
export type { Quartiles, TicketEstimate } from "../../core/plans/estimate-types.js";
