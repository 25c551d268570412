import { AoError } from "../../errors.js";
import { appendEvent, writeTransaction } from "../../store/index.js";
import { getPlan, planStateError, setPlanStatus } from "../plan-store.js";
import { movedOnError } from "../revision-store.js";
import { stopPlanSessions, type CancelResult } from "./cancel-plan.js";
import { mirrorOutcome } from "./finish-plan.js";
import type { PlanWorld } from "./plan-world.js";

export interface RejectOptions {
  /** The revision the person read: a newer one is not rejected unseen (E_PLAN_MOVED_ON). */
  readonly revision: number;
  /** Who rejected: the OS user, or `dashboard`. */
  readonly by: string;
  /** Why, in the person's words: required, the proposer (a person or an orchestrator) reads it. */
  readonly reason: string;
}

/**
 * A person says no to a proposed plan, with why: one transaction records `plan.rejected` and
 * moves the plan to `cancelled` with "rejected: <why>" as its reason; then, as a cancel does,
 * its commander is revoked and its parent ticket told. Only a proposed plan, at the revision read.
 */
export async function rejectPlanInWorld(
  world: PlanWorld,
  planId: string,
  options: RejectOptions,
): Promise<CancelResult> {
  const reason = options.reason.trim();
  if (reason === "")
    throw new AoError("E_USAGE", "a rejection needs a reason", {
      hint: "say why, so whoever proposed the plan can propose a better one",
    });
  const rejected = writeTransaction(world.store, (tx) => {
    const plan = getPlan(tx, planId);
    if (plan === undefined)
      throw new AoError("E_NOT_FOUND", `no plan ${planId}`, { hint: "list them with `ao plan ls`" });
    if (plan.status !== "proposed") throw planStateError(plan, "be rejected");
    if (plan.revision !== options.revision) throw movedOnError(plan, options.revision);
    const facts = { planId, revision: plan.revision };
    appendEvent(tx, { type: "plan.rejected", payload: { ...facts, by: options.by, reason } });
    return setPlanStatus(tx, planId, {
      from: ["proposed"],
      to: "cancelled",
      reason: `rejected: ${reason}`,
      by: options.by,
    });
  });
  const outcome = await stopPlanSessions(world, planId);
  await mirrorOutcome(world, rejected);
  return { plan: getPlan(world.store, planId) ?? rejected, ...outcome };
}
