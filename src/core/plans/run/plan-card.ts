import { listTickets, type Store } from "../../store/index.js";
import { materialize } from "../materialize.js";
import { getPlan, type PlanRecord } from "../plan-store.js";
import { getRevision, listRevisions } from "../revision-store.js";
import { heaviestPath } from "../ticket-graph.js";
import type { PlanState, Proposal, ResolvedRole } from "../types.js";
import { resolvedRoles } from "./approval-steps.js";
import { revisionChanges } from "./revision-changes.js";

/** One step as people see it: where it stands, who runs it, what it handed on. */
export interface PlanCardStep {
  readonly id: string;
  readonly kind: string;
  readonly title: string;
  readonly role: string;
  readonly agent: string;
  readonly needs: readonly string[];
  /** `pending` until it runs; a proposed plan's steps are all `pending`. */
  readonly state: string;
  readonly sessionId: string | null;
  readonly output: unknown;
  readonly reason: string | null;
  readonly critical: boolean;
}

/** A plan as the dashboard's plan page and `ao plan show` render it (the same card). */
export interface PlanCard {
  readonly id: string;
  readonly project: string;
  readonly status: PlanState;
  readonly reason: string | null;
  readonly goal: string;
  readonly revision: number;
  readonly approvedRevision: number | null;
  readonly parent: { ref: string; url: string | null } | null;
  readonly deliverable: string | null;
  readonly budgetUsd: number | null;
  readonly steps: readonly PlanCardStep[];
  /** The longest chain of steps through the DAG (by count: what must run one after another). */
  readonly criticalPath: readonly string[];
  readonly revisions: readonly {
    revision: number;
    author: string;
    kind: string;
    createdAt: number;
    changes: string[];
  }[];
}

/**
 * Reads a plan's card from the store: the approved revision's pipeline with each step's row, or
 * for a plan not yet approved the latest revision's pipeline as it would run. Undefined: no plan.
 */
export function readPlanCard(store: Store, planId: string): PlanCard | undefined {
  const plan = getPlan(store, planId);
  if (plan === undefined) return undefined;
  const shown = getRevision(store, planId, plan.approvedRevision ?? plan.revision);
  if (shown === undefined) return undefined;
  const roles =
    plan.approvedRevision === null
      ? previewRoles(shown.proposal)
      : resolvedRoles(store, planId, shown.proposal);
  const pipeline = materialize(shown.proposal, roles);
  const rows = new Map(listTickets(store, planId).map((row) => [row.ticketId, row]));
  const critical = heaviestPath(
    pipeline.steps.map((step) => ({ id: step.id, dependsOn: step.needs })),
    () => 1,
  ).path;
  return {
    ...planFacts(plan),
    goal: pipeline.goal,
    budgetUsd: pipeline.budgetUsd,
    steps: pipeline.steps.map((step) => {
      const row = rows.get(step.id);
      return {
        id: step.id,
        kind: step.kind,
        title: step.title,
        role: step.role.id,
        agent: step.role.agent,
        needs: step.needs,
        state: row?.state ?? "pending",
        sessionId: row?.sessionId ?? null,
        output: row?.output ?? null,
        reason: row?.reason ?? null,
        critical: critical.includes(step.id),
      };
    }),
    criticalPath: critical,
    revisions: revisionsOf(store, plan),
  };
}

function planFacts(plan: PlanRecord) {
  return {
    id: plan.id,
    project: plan.project,
    status: plan.status,
    reason: plan.reason,
    revision: plan.revision,
    approvedRevision: plan.approvedRevision,
    parent: plan.parentRef === null ? null : { ref: plan.parentRef, url: plan.parentUrl },
    deliverable: plan.deliverable,
  };
}

/** Before approval nothing is hired: each role as the proposal states it. */
function previewRoles(proposal: Proposal): Record<string, ResolvedRole> {
  return Object.fromEntries(
    Object.entries(proposal.roles).map(([id, role]) => [
      id,
      {
        id,
        agent: role.agent,
        model: role.kind === "hire" ? (role.model ?? null) : null,
        rules: role.kind === "hire" ? (role.rules ?? null) : null,
        hireId: null,
      },
    ]),
  );
}

function revisionsOf(store: Store, plan: PlanRecord): PlanCard["revisions"] {
  let previous: Proposal | undefined;
  return listRevisions(store, plan.id).map((revision) => {
    const changes = previous === undefined ? ["proposed"] : revisionChanges(previous, revision.proposal);
    previous = revision.proposal;
    return {
      revision: revision.revision,
      author: revision.author,
      kind: revision.kind,
      createdAt: revision.createdAt,
      changes,
    };
  });
}
