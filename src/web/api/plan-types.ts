/** What `GET /api/plans` answers: one line per plan, newest last. */
export interface PlanListAnswer {
  plans: { id: string; project: string; status: string; revision: number; steps: number; done: number }[];
}

/** What `GET /api/plans/:id` answers: the plan's card (src/core/plans/run/plan-card.ts). */
export interface PlanCardView {
  id: string;
  project: string;
  status: string;
  reason: string | null;
  goal: string;
  revision: number;
  approvedRevision: number | null;
  parent: { ref: string; url: string | null } | null;
  deliverable: string | null;
  budgetUsd: number | null;
  steps: {
    id: string;
    kind: string;
    title: string;
    role: string;
    agent: string;
    needs: string[];
    state: string;
    sessionId: string | null;
    output: unknown;
    reason: string | null;
    critical: boolean;
  }[];
  criticalPath: string[];
  revisions: { revision: number; author: string; kind: string; createdAt: number; changes: string[] }[];
}
