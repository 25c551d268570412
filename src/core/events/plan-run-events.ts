import type { EventBase } from "./event-base.js";

/** An approval step of a plan was completed (docs/plans.md, "Approval"): recorded once, resumable. */
export interface PlanStepDone extends EventBase {
  type: "plan.step";
  payload: {
    planId: string;
    /** `approved`, `commander`, `hire:<role>`, `parent`, `discussion`, `pipeline`, `executing`. */
    step: string;
  };
}

/** A ticket of a running plan changed state; the event's session is the ticket's, once it has one. */
export interface PlanTicketChanged extends EventBase {
  type: "plan.ticket";
  payload: {
    planId: string;
    ticketId: string;
    from: string;
    to: string;
    reason?: string;
  };
}

/** A plan's recorded cost reached its budget: no new ticket starts, and a person is told. */
export interface PlanBudgetReached extends EventBase {
  type: "plan.budget_reached";
  payload: {
    planId: string;
    /** What the plan's sessions are recorded to have cost, in USD. */
    spentUsd: number;
    budgetUsd: number;
    /** The tickets that wait because of it. */
    held: string[];
  };
}

export type PlanRunEvent = PlanStepDone | PlanTicketChanged | PlanBudgetReached;
