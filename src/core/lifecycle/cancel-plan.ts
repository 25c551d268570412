import type { AoContext } from "../context.js";
import { PERSON } from "../plans/plan-commands.js";
import type { PlanRecord } from "../plans/plan-store.js";
import { cancelPlanInWorld, type CancelResult } from "../plans/run/cancel-plan.js";
import { rejectPlanInWorld, type RejectOptions } from "../plans/run/reject-plan.js";
import { openLifecycleEngine } from "./engine.js";
import { engineWorld } from "./engine-world.js";

/**
 * `ao plan cancel` (docs/plans.md): the plan cancelled in the daemon's world, opened for the call,
 * since stopping its sessions and telling its parent ticket take the engine's plugins and notifiers.
 */
export async function cancelPlan(
  ctx: AoContext,
  planId: string,
  options: { by: string; reason?: string | undefined; configPath?: string | undefined },
): Promise<CancelResult> {
  const engine = await openLifecycleEngine(ctx, { configPath: options.configPath });
  try {
    return await cancelPlanInWorld(engineWorld(ctx, engine), planId, options);
  } finally {
    engine.close();
  }
}

/** `ao plan cancel <plan>`: stops the plan's live sessions and tells its parent ticket why. */
export async function cancelPlanCommand(
  ctx: AoContext,
  planId: string,
  reason?: string,
): Promise<PlanRecord> {
  const { plan } = await cancelPlan(ctx, planId, { by: PERSON, reason });
  return plan;
}

/**
 * A proposed plan rejected by a person with a reason (the dashboard's "Reject"), in the daemon's
 * world like a cancel: the parent ticket is told and the plan's commander revoked.
 */
export async function rejectPlan(
  ctx: AoContext,
  planId: string,
  options: RejectOptions & { configPath?: string | undefined },
): Promise<PlanRecord> {
  const engine = await openLifecycleEngine(ctx, { configPath: options.configPath });
  try {
    return (await rejectPlanInWorld(engineWorld(ctx, engine), planId, options)).plan;
  } finally {
    engine.close();
  }
}

/** `ao plan reject <plan> --revision <n> --reason <text>`: by the person at the terminal. */
export async function rejectPlanCommand(
  ctx: AoContext,
  planId: string,
  options: { revision: number; reason: string },
): Promise<PlanRecord> {
  return rejectPlan(ctx, planId, { ...options, by: PERSON });
}
