import { statement, writeTransaction, type Store } from "../store/store.js";
import { flushDueRevisions } from "./held-revisions.js";
import { applyPlanEdit, type PlanEdit } from "./plan-edit.js";
import { planStateError, requirePlan, setPlanStatus, type PlanRecord } from "./plan-store.js";
import { appendRevision, checkRevisable, getRevision, type RevisionRecord } from "./revision-store.js";

/** A person's edit (`ao plan edit`, the dashboard), made on `baseRevision`: appended as the next revision. */
export function editPlan(
  store: Store,
  edit: { planId: string; baseRevision: number; edit: PlanEdit; author: string },
): RevisionRecord {
  return writeTransaction(store, (tx) => {
    flushDueRevisions(tx, edit.planId);
    checkRevisable(requirePlan(tx, edit.planId), edit.baseRevision);
    const base = getRevision(tx, edit.planId, edit.baseRevision);
    return appendRevision(tx, edit.planId, {
      kind: "edit",
      author: edit.author,
      proposal: applyPlanEdit(base.proposal, edit.edit),
      baseRevision: edit.baseRevision,
    });
  });
}

/** Rewinding appends the old revision again as the newest one: the timeline only grows. */
export function rewindPlan(
  store: Store,
  rewind: { planId: string; to: number; baseRevision: number; author: string },
): RevisionRecord {
  return writeTransaction(store, (tx) => {
    flushDueRevisions(tx, rewind.planId);
    checkRevisable(requirePlan(tx, rewind.planId), rewind.baseRevision);
    const old = getRevision(tx, rewind.planId, rewind.to);
    return appendRevision(tx, rewind.planId, {
      kind: "rewind",
      author: rewind.author,
      proposal: old.proposal,
      baseRevision: rewind.baseRevision,
      note: `rewind to revision ${rewind.to}`,
    });
  });
}

/**
 * Approval binds to (plan, revision): refused unless the plan is proposed and `revision` is its
 * latest (an approval of what a person did not see is no approval). A person's act only: the
 * control plane has no path here.
 */
export function recordApproval(
  store: Store,
  approval: { planId: string; revision: number; by: string },
): PlanRecord {
  return writeTransaction(store, (tx) => {
    flushDueRevisions(tx, approval.planId);
    const plan = requirePlan(tx, approval.planId);
    if (plan.status !== "proposed") throw planStateError(plan, "be approved again");
    checkRevisable(plan, approval.revision);
    statement(
      tx,
      "UPDATE plans SET approved_revision = ?, approved_by = ?, approved_at = ? WHERE id = ?",
    ).run(approval.revision, approval.by, tx.clock.now(), plan.id);
    return setPlanStatus(tx, plan.id, { from: ["proposed"], to: "approved", by: approval.by });
  });
}
