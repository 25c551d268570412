import type { EventBase } from "./event-base.js";

/** An approval step of a plan was completed (docs/plans.md, "Approval"): recorded once, resumable. */
export interface PlanStepDone extends EventBase {
  type: "plan.step";
  payload: {
    /** The plan (`plan-<n>`). */
    planId: string;
    /** `approved`, `commander`, `hire:<role>`, `parent`, `discussion`, `pipeline`, `executing`. */
    step: string;
  };
}

/** A ticket of a running plan changed state; the event's session is the ticket's, once it has one. */
export interface PlanTicketChanged extends EventBase {
  type: "plan.ticket";
  payload: {
    /** The plan (`plan-<n>`). */
    planId: string;
    /** The pipeline step: a ticket's id, `research`, `debate-<round>-<role>` or `synthesis`. */
    ticketId: string;
    /** The step's state before (`pending`, `running`, `done`, `failed`, `cancelled`). */
    from: string;
    /** The step's state now. */
    to: string;
    /** Why, when it failed or was cancelled. */
    reason?: string;
  };
}

/** A plan's recorded cost reached its budget: no new ticket starts, and a person is told. */
export interface PlanBudgetReached extends EventBase {
  type: "plan.budget_reached";
  payload: {
    /** The plan (`plan-<n>`). */
    planId: string;
    /** What the plan's sessions are recorded to have cost, in USD. */
    spentUsd: number;
    /** The plan's `budget.usd`. */
    budgetUsd: number;
    /** The tickets that wait because of it. */
    held: string[];
  };
}

/** What a plan's execution records (docs/plans.md, "Approval, execution and the dashboard"). */
export type PlanRunEvent = PlanStepDone | PlanTicketChanged | PlanBudgetReached;
