import { AoError, messageOf } from "../../errors.js";
import {
  getCommander,
  getSession,
  isTerminalStatus,
  isTicketOver,
  listTickets,
  planSteps,
  revokeCommander,
  updateTicket,
  writeTransaction,
} from "../../store/index.js";
import { getPlan, setPlanStatus, type PlanRecord } from "../plan-store.js";
import { mirrorOutcome } from "./finish-plan.js";
import type { PlanWorld } from "./plan-world.js";

export interface CancelResult {
  readonly plan: PlanRecord;
  /** The sessions of the plan that were stopped (killed, their checkouts removed, branches kept). */
  readonly stopped: string[];
  /** Sessions that could not be stopped, with why (a dirty checkout is kept, not discarded). */
  readonly problems: { session: string; error: string }[];
}

/**
 * `ao plan cancel` in a world (lifecycle/cancel-plan.ts opens the daemon's): at any time before the
 * plan ended. The plan is `cancelled` first (so the daemon starts nothing more), then every live
 * session its steps started is killed and its checkout removed (the branches stay), the steps that
 * had not ended are cancelled, the plan's commander is revoked, and the parent ticket is told.
 */
export async function cancelPlanInWorld(
  world: PlanWorld,
  planId: string,
  options: { by: string; reason?: string | undefined },
): Promise<CancelResult> {
  const plan = getPlan(world.store, planId);
  if (plan === undefined)
    throw new AoError("E_NOT_FOUND", `no plan ${planId}`, { hint: "list them with `ao plan ls`" });
  if (["completed", "failed", "cancelled"].includes(plan.status))
    throw new AoError("E_PLAN_STATE", `plan ${planId} is already ${plan.status}`, {
      hint: `see it with \`ao plan show ${planId}\``,
    });
  const reason = options.reason ?? `cancelled by ${options.by}`;
  const cancelled = writeTransaction(world.store, (tx) =>
    setPlanStatus(tx, planId, { from: [plan.status], to: "cancelled", reason, by: options.by }),
  );
  const outcome = await stopPlanSessions(world, planId);
  await mirrorOutcome(world, cancelled);
  return { plan: getPlan(world.store, planId) ?? cancelled, ...outcome };
}

/** Kills the plan's live sessions, cancels its unended steps, revokes its commander. Idempotent. */
export async function stopPlanSessions(
  world: PlanWorld,
  planId: string,
): Promise<Pick<CancelResult, "stopped" | "problems">> {
  const rows = listTickets(world.store, planId);
  const stopped: string[] = [];
  const problems: { session: string; error: string }[] = [];
  for (const id of new Set(rows.flatMap((row) => (row.sessionId === null ? [] : [row.sessionId])))) {
    const session = getSession(world.store, id);
    if (session === undefined || (isTerminalStatus(session.status) && session.status !== "exited")) continue;
    try {
      await world.kill(id);
      stopped.push(id);
    } catch (error) {
      problems.push({ session: id, error: messageOf(error) });
    }
  }
  writeTransaction(world.store, (tx) => {
    for (const row of listTickets(tx, planId))
      if (!isTicketOver(row.state))
        updateTicket(tx, planId, row.ticketId, {
          state: "cancelled",
          reason: "the plan was cancelled",
          endedAt: tx.clock.now(),
        });
    const commanderId = Number(planSteps(tx, planId).get("commander")?.["commanderId"]);
    const commander = Number.isInteger(commanderId) ? getCommander(tx, commanderId) : undefined;
    if (commander !== undefined && commander.revokedAt === null) revokeCommander(tx, commander);
  });
  return { stopped, problems };
}
