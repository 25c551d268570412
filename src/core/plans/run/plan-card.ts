import { listTickets, type Store } from "../../store/index.js";
import { estimatePlan, pathWeight } from "../estimate-plan.js";
import { heldRevision } from "../held-revisions.js";
import { materialize } from "../materialize.js";
import { getPlan, type PlanRecord } from "../plan-store.js";
import { getRevision, listRevisions } from "../revision-store.js";
import { roleRuns, type RoleRun } from "../role-runs.js";
import { heaviestPath } from "../ticket-graph.js";
import type { PipelineStep, Proposal, ResolvedRole } from "../types.js";
import type { PlanCard } from "./plan-card-types.js";
import { resolvedRoles } from "./approval-steps.js";
import { revisionChanges } from "./revision-changes.js";

export type { PlanCard, PlanCardStep } from "./plan-card-types.js";

/**
 * Reads a plan's card from the store: the approved revision's pipeline with each step's row, or
 * for a plan not yet approved the latest revision's pipeline as it would run (or `revision`'s).
 * Each ticket carries its estimate from its role's completed runs. Undefined: no plan.
 */
export function readPlanCard(
  store: Store,
  planId: string,
  options: { revision?: number | undefined } = {},
): PlanCard | undefined {
  const plan = getPlan(store, planId);
  if (plan === undefined) return undefined;
  const shown = getRevision(store, planId, options.revision ?? plan.approvedRevision ?? plan.revision);
  const approved = plan.approvedRevision !== null && shown.revision === plan.approvedRevision;
  const roles = approved ? resolvedRoles(store, planId, shown.proposal) : previewRoles(shown.proposal);
  const pipeline = materialize(shown.proposal, roles);
  const rows = new Map((approved ? listTickets(store, planId) : []).map((row) => [row.ticketId, row]));
  const estimate = estimatePlan(
    shown.proposal,
    memoized((role) => roleRuns(store, plan.project, role)),
  );
  const byTicket = new Map(estimate.tickets.map((ticket) => [ticket.ticket, ticket]));
  const estimateOf = (step: PipelineStep) =>
    step.ticket === null ? null : (byTicket.get(step.ticket) ?? null);
  const stepById = new Map(pipeline.steps.map((step) => [step.id, step]));
  const critical = heaviestPath(
    pipeline.steps.map((step) => ({ id: step.id, dependsOn: step.needs })),
    (id) => pathWeight(estimateOf(stepById.get(id)!)?.durationMs),
  ).path;
  const { tickets, ...totals } = estimate;
  return {
    ...planFacts(plan),
    shownRevision: shown.revision,
    held: heldOf(store, planId),
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
        body: bodyOf(shown.proposal, step),
        state: row?.state ?? "pending",
        sessionId: row?.sessionId ?? null,
        output: row?.output ?? null,
        reason: row?.reason ?? null,
        critical: critical.includes(step.id),
        estimate: estimateOf(step),
      };
    }),
    criticalPath: critical,
    criticalPathBy: tickets.some((ticket) => ticket.durationMs !== null) ? "duration" : "steps",
    estimate: totals,
    revisions: revisionsOf(store, plan),
  };
}

/** The words a person approves: the ticket's body, the research or synthesis body; null for a debate round. */
function bodyOf(proposal: Proposal, step: PipelineStep): string | null {
  if (step.ticket !== null) return proposal.tickets.find((ticket) => ticket.id === step.ticket)?.body ?? null;
  if (step.kind === "synthesis") return proposal.synthesis.body;
  if (step.kind === "research") return proposal.research?.body ?? null;
  return null;
}

/** Each role's runs read once per card (several tickets share a role). */
function memoized(runsOf: (role: string) => RoleRun[]): (role: string) => RoleRun[] {
  const cache = new Map<string, RoleRun[]>();
  return (role) => cache.get(role) ?? cache.set(role, runsOf(role)).get(role)!;
}

function heldOf(store: Store, planId: string): PlanCard["held"] {
  const held = heldRevision(store, planId);
  return held === undefined
    ? null
    : { dueAt: held.dueAt, coalesced: held.coalesced, baseRevision: held.baseRevision };
}

function planFacts(plan: PlanRecord) {
  return {
    id: plan.id,
    project: plan.project,
    status: plan.status,
    reason: plan.reason,
    revision: plan.revision,
    approvedRevision: plan.approvedRevision,
    parent:
      plan.parentRef !== null
        ? { ref: plan.parentRef, url: plan.parentUrl }
        : plan.parentIssue === null
          ? null
          : { ref: plan.parentIssue, url: null },
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
