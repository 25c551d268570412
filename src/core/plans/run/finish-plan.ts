import { messageOf } from "../../errors.js";
import {
  isTicketOver,
  listTickets,
  planSteps,
  recordPlanStep,
  setPlanDeliverable,
  updateTicket,
  writeTransaction,
} from "../../store/index.js";
import { getPlan, setPlanStatus, type PlanRecord } from "../plan-store.js";
import type { PlanState } from "../types.js";
import type { PlanWorld } from "./plan-world.js";

export type PlanEnd =
  | { readonly to: "completed"; readonly deliverable: string }
  | { readonly to: "failed" | "cancelled"; readonly reason: string };

/**
 * Ends a plan: its status (with the reason), its steps that never ran cancelled, the deliverable
 * kept on the plan. Then the parent ticket is told (mirrorOutcome).
 */
export async function finishPlan(world: PlanWorld, plan: PlanRecord, end: PlanEnd): Promise<PlanRecord> {
  writeTransaction(world.store, (tx) => {
    for (const row of listTickets(tx, plan.id))
      if (!isTicketOver(row.state))
        updateTicket(tx, plan.id, row.ticketId, {
          state: "cancelled",
          reason: end.to === "completed" ? "not needed" : `the plan ${end.to}`,
          endedAt: tx.clock.now(),
        });
    if (end.to === "completed") setPlanDeliverable(tx, plan.id, end.deliverable);
  });
  const reason = end.to === "completed" ? {} : { reason: end.reason };
  const ended = writeTransaction(world.store, (tx) =>
    setPlanStatus(tx, plan.id, { from: [plan.status], to: end.to, ...reason }),
  );
  await mirrorOutcome(world, ended);
  return getPlan(world.store, plan.id) ?? ended;
}

const ENDED: readonly PlanState[] = ["completed", "failed", "cancelled"];

/**
 * The listener's half: tells the parent ticket how the plan ended (a comment with the reason or
 * the deliverable; closed when completed, closed as not planned when cancelled, left open when
 * failed, for a person to look at). Recorded as the `mirrored` step once the tracker took it; a
 * tracker that fails is retried by the next cycle (the daemon calls this for ended plans not yet
 * mirrored).
 */
export async function mirrorOutcome(world: PlanWorld, plan: PlanRecord): Promise<boolean> {
  if (!ENDED.includes(plan.status) || planSteps(world.store, plan.id).has("mirrored")) return false;
  try {
    const tracker = plan.parentRef === null ? undefined : await world.tracker(plan.project);
    if (tracker?.updateIssue !== undefined && plan.parentRef !== null) {
      const issue = await tracker.getIssue(plan.parentRef);
      await tracker.updateIssue(issue, {
        comment: outcomeComment(plan),
        state: plan.status === "failed" ? "open" : "closed",
        ...(plan.status === "cancelled" ? { closedAs: "not_planned" as const } : {}),
      });
    }
    writeTransaction(world.store, (tx) => recordPlanStep(tx, plan.id, "mirrored", { status: plan.status }));
    return true;
  } catch (error) {
    world.ctx.logger.warn("plan: could not tell the parent ticket", {
      plan: plan.id,
      error: messageOf(error),
    });
    return false;
  }
}

function outcomeComment(plan: PlanRecord): string {
  if (plan.status === "completed")
    return [`Plan ${plan.id} completed. The deliverable:`, "", plan.deliverable ?? "(empty)"].join("\n");
  return `Plan ${plan.id} ${plan.status}: ${plan.reason ?? "no reason recorded"}`;
}
