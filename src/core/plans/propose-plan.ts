import { appendEvent } from "../store/events.js";
import { writeTransaction, type Store } from "../store/store.js";
import { insertPlan, requirePlan, type PlanRecord } from "./plan-store.js";
import { appendRevision, type RevisionRecord } from "./revision-store.js";
import type { Proposal } from "./types.js";

export interface NewPlan {
  readonly project: string;
  readonly parentIssue?: string | null | undefined;
  readonly proposal: Proposal;
  /** `person`, or `agent:<commander>` (the control plane). */
  readonly author: string;
}

/** A new plan in `proposed`, its first revision the (validated) proposal. */
export function proposePlan(store: Store, plan: NewPlan): { plan: PlanRecord; revision: RevisionRecord } {
  return writeTransaction(store, (tx) => {
    const row = insertPlan(tx, {
      project: plan.project,
      parentIssue: plan.parentIssue ?? null,
      createdBy: plan.author,
    });
    const revision = appendRevision(tx, row.id, {
      kind: "propose",
      author: plan.author,
      proposal: plan.proposal,
      baseRevision: null,
    });
    appendEvent(tx, {
      type: "plan.proposed",
      payload: {
        planId: row.id,
        revision: revision.revision,
        project: plan.project,
        author: plan.author,
        tickets: plan.proposal.tickets.length,
      },
    });
    return { plan: requirePlan(tx, row.id), revision };
  });
}
