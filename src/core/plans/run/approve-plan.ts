import type { AoContext } from "../../context.js";
import { AoError } from "../../errors.js";
import { openProject } from "../../sessions/open-project.js";
import { closeStore, openStore, type Store } from "../../store/index.js";
import { getPlan, type PlanRecord } from "../plan-store.js";
import { recordApproval } from "../revise-plan.js";
import { getRevision } from "../revision-store.js";
import { runApprovalSteps } from "./approval-steps.js";

export interface ApproveOptions {
  /** Who approved: a person (`ao plan approve` records the OS user, the dashboard "dashboard"). */
  by: string;
  configPath?: string | undefined;
  /** Called after each recorded approval step; tests crash here. */
  afterStep?: ((step: string) => void) | undefined;
}

/**
 * A person's approval of (plan, revision), then the scaffolding (approval-steps.ts). Approving a
 * plan whose approval was interrupted finishes it: the same revision resumes, a crash never hires
 * twice. There is no agent path here: the control plane has no tool that reaches this function.
 */
export async function approvePlan(
  ctx: AoContext,
  planId: string,
  revision: number,
  options: ApproveOptions,
): Promise<PlanRecord> {
  const store = openStore(ctx);
  try {
    const plan = approved(ctx, store, planId, revision, options.by);
    return await resumeApproval(ctx, store, plan, options);
  } finally {
    closeStore(store);
  }
}

/** Runs the approval steps a plan lacks (the daemon calls it for an approved plan it finds). */
export async function resumeApproval(
  ctx: AoContext,
  store: Store,
  plan: PlanRecord,
  options: Pick<ApproveOptions, "configPath" | "afterStep"> = {},
): Promise<PlanRecord> {
  if (plan.approvedRevision === null) throw new AoError("E_PLAN_STATE", `plan ${plan.id} was never approved`);
  const revision = getRevision(store, plan.id, plan.approvedRevision);
  const opened = await openProject(ctx, plan.project, { configPath: options.configPath });
  return runApprovalSteps({
    ctx,
    store,
    plan,
    proposal: revision.proposal,
    tracker: opened.tracker,
    afterStep: options.afterStep,
  });
}

function approved(ctx: AoContext, store: Store, planId: string, revision: number, by: string): PlanRecord {
  const plan = getPlan(store, planId);
  if (plan === undefined)
    throw new AoError("E_NOT_FOUND", `no plan ${planId}`, { hint: "list the plans with `ao plan ls`" });
  if (plan.status === "approved" && plan.approvedRevision === revision) return plan;
  if (plan.status !== "proposed")
    throw new AoError("E_PLAN_STATE", `plan ${planId} is ${plan.status}: only a proposed plan is approved`, {
      hint: `see it with \`ao plan show ${planId}\``,
      details: { plan: planId, status: plan.status },
    });
  return recordApproval(store, { planId, revision, by });
}
