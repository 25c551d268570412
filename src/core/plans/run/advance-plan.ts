import {
  appendEvent,
  listTickets,
  planSteps,
  recordPlanStep,
  writeTransaction,
  type PlanTicket,
} from "../../store/index.js";
import { materialize } from "../materialize.js";
import { getPlan, setPlanStatus, type PlanRecord } from "../plan-store.js";
import { getRevision } from "../revision-store.js";
import type { Pipeline } from "../types.js";
import { resumeApproval } from "./approve-plan.js";
import { stopPlanSessions } from "./cancel-plan.js";
import { finishPlan, mirrorOutcome } from "./finish-plan.js";
import { planSpend } from "./plan-spend.js";
import type { PlanWorld } from "./plan-world.js";
import { readyTickets } from "./ready-tickets.js";
import { resolvedRoles } from "./approval-steps.js";
import { observeStep } from "./observe-step.js";
import { startStep } from "./start-step.js";

/**
 * One daemon cycle's work on one plan (docs/plans.md, "Execution"): an approved plan whose
 * approval was interrupted is finished; a running one has its running steps looked at, then ends
 * (a failed step fails it, the deliverable completes it) or starts the steps whose needs are
 * done, unless its recorded cost reached the budget. Everything it knows is in the store, so a
 * daemon that restarts picks the plan up where it was.
 */
export async function advancePlan(world: PlanWorld, plan: PlanRecord): Promise<PlanRecord> {
  if (plan.status === "approved") return resumeApproval(world.ctx, world.store, plan, world);
  if (plan.status !== "executing" && plan.status !== "synthesizing") {
    await mirrorOutcome(world, plan);
    return plan;
  }
  const pipeline = pipelineOf(world, plan);
  let rows = listTickets(world.store, plan.id);
  for (const step of pipeline.steps) {
    const row = rows.find((candidate) => candidate.ticketId === step.id);
    if (row !== undefined) observeStep(world.store, plan.id, step, row);
  }
  rows = listTickets(world.store, plan.id);
  const failed = rows.find((row) => row.state === "failed");
  if (failed !== undefined)
    return finishPlan(world, plan, {
      to: "failed",
      reason: `step ${failed.ticketId} failed: ${failed.reason ?? ""}`,
    });
  const deliverable = rows.find((row) => row.ticketId === pipeline.deliverable);
  if (deliverable?.state === "done")
    return finishPlan(world, plan, { to: "completed", deliverable: textOf(deliverable.output) });
  return startReady(world, plan, pipeline, rows);
}

/** The approved revision's pipeline: the materializer is pure, so it is the same every cycle. */
export function pipelineOf(world: Pick<PlanWorld, "store">, plan: PlanRecord): Pipeline {
  const revision = getRevision(world.store, plan.id, plan.approvedRevision ?? plan.revision);
  return materialize(revision.proposal, resolvedRoles(world.store, plan.id, revision.proposal));
}

async function startReady(
  world: PlanWorld,
  plan: PlanRecord,
  pipeline: Pipeline,
  rows: readonly PlanTicket[],
): Promise<PlanRecord> {
  const schedulable = pipeline.steps.map((step) => ({
    id: step.id,
    dependsOn: step.needs,
    state: rows.find((row) => row.ticketId === step.id)?.state ?? "pending",
  }));
  const ready = readyTickets(schedulable).map((ready) =>
    pipeline.steps.find((step) => step.id === ready.id)!,
  );
  if (ready.length === 0) return plan;
  if (
    await overBudget(
      world,
      plan,
      pipeline,
      rows,
      ready.map((step) => step.id),
    )
  )
    return plan;
  const steps = planSteps(world.store, plan.id);
  const facts = {
    plan,
    pipeline,
    rows,
    commanderId: Number(steps.get("commander")?.["commanderId"]),
    discussion: (steps.get("discussion")?.["path"] as string | undefined) ?? null,
  };
  let current = plan;
  for (const step of ready) {
    if (step.kind === "synthesis" && current.status === "executing")
      current = writeTransaction(world.store, (tx) =>
        setPlanStatus(tx, plan.id, { from: ["executing"], to: "synthesizing" }),
      );
    await startStep(world, step, facts);
    // `ao plan cancel` may have ended the plan while the step was spawning: it stops what started.
    if (getPlan(world.store, plan.id)?.status === "cancelled") {
      await stopPlanSessions(world, plan.id);
      break;
    }
  }
  return getPlan(world.store, plan.id) ?? current;
}

/** No new step once the plan's recorded cost reached its budget; a person is told once. */
async function overBudget(
  world: PlanWorld,
  plan: PlanRecord,
  pipeline: Pipeline,
  rows: readonly PlanTicket[],
  held: string[],
): Promise<boolean> {
  if (pipeline.budgetUsd === null) return false;
  const spent = planSpend(world, rows);
  if (spent.usd === null || spent.usd < pipeline.budgetUsd) return false;
  if (!planSteps(world.store, plan.id).has("budget_reached")) {
    writeTransaction(world.store, (tx) => {
      appendEvent(tx, {
        type: "plan.budget_reached",
        sessionId: null,
        payload: { planId: plan.id, spentUsd: spent.usd!, budgetUsd: pipeline.budgetUsd!, held },
      });
      recordPlanStep(tx, plan.id, "budget_reached", { spentUsd: spent.usd });
    });
    await world.notify({
      title: `Plan ${plan.id} reached its budget`,
      body: `Its sessions cost $${spent.usd.toFixed(2)} of $${pipeline.budgetUsd.toFixed(2)}; ${held.join(", ")} will not start.`,
      priority: "action",
      nextCommand: `ao plan show ${plan.id}`,
    });
  }
  return true;
}

function textOf(output: unknown): string {
  return typeof output === "string" ? output : JSON.stringify(output, null, 2);
}
