import { AoError } from "../errors.js";
import { appendEvent } from "../store/events.js";
import { statement, type Store, type WriteTx } from "../store/store.js";
import type { PlanState } from "./types.js";

/** A plan's row: who proposed it, where it stands, which revision was approved. */
export interface PlanRecord {
  readonly id: string;
  readonly project: string;
  /** The issue given with `--parent`, if any. */
  readonly parentIssue: string | null;
  readonly status: PlanState;
  /** The latest revision (revisions start at 1). */
  readonly revision: number;
  readonly approvedRevision: number | null;
  readonly approvedBy: string | null;
  readonly approvedAt: number | null;
  readonly reason: string | null;
  readonly parentRef: string | null;
  readonly parentUrl: string | null;
  readonly deliverable: string | null;
  /** `person`, or `agent:<commander>`. */
  readonly createdBy: string;
  readonly createdAt: number;
  readonly updatedAt: number;
}

interface PlanRow {
  id: string;
  project: string;
  parent_issue: string | null;
  status: PlanState;
  revision: number;
  approved_revision: number | null;
  approved_by: string | null;
  approved_at: number | null;
  reason: string | null;
  parent_ref: string | null;
  parent_url: string | null;
  deliverable: string | null;
  created_by: string;
  created_at: number;
  updated_at: number;
}

const toPlan = (row: PlanRow): PlanRecord => ({
  id: row.id,
  project: row.project,
  parentIssue: row.parent_issue,
  status: row.status,
  revision: row.revision,
  approvedRevision: row.approved_revision,
  approvedBy: row.approved_by,
  approvedAt: row.approved_at,
  reason: row.reason,
  parentRef: row.parent_ref,
  parentUrl: row.parent_url,
  deliverable: row.deliverable,
  createdBy: row.created_by,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

export function getPlan(store: Store, id: string): PlanRecord | undefined {
  const row = statement(store, "SELECT * FROM plans WHERE id = ?").get(id) as PlanRow | undefined;
  return row === undefined ? undefined : toPlan(row);
}

/** The plan, or E_NOT_FOUND with the way to list plans. */
export function requirePlan(store: Store, id: string): PlanRecord {
  const plan = getPlan(store, id);
  if (plan !== undefined) return plan;
  throw new AoError("E_NOT_FOUND", `no plan ${id}`, {
    hint: "ao plan ls lists the plans",
    details: { plan: id },
  });
}

export function listPlans(store: Store, filter: { project?: string | undefined } = {}): PlanRecord[] {
  const rows = (
    filter.project === undefined
      ? statement(store, "SELECT * FROM plans ORDER BY created_at, rowid").all()
      : statement(store, "SELECT * FROM plans WHERE project = ? ORDER BY created_at, rowid").all(
          filter.project,
        )
  ) as PlanRow[];
  return rows.map(toPlan);
}

/** A new plan at revision 0 (its first revision is appended next, in the same transaction). */
export function insertPlan(
  tx: WriteTx,
  plan: { project: string; parentIssue: string | null; createdBy: string },
): PlanRecord {
  const count = (statement(tx, "SELECT count(*) AS n FROM plans").get() as { n: number }).n;
  const now = tx.clock.now();
  const row = statement(
    tx,
    `INSERT INTO plans (id, project, parent_issue, status, revision, created_by, created_at, updated_at)
     VALUES (?, ?, ?, 'proposed', 0, ?, ?, ?) RETURNING *`,
  ).get(`plan-${count + 1}`, plan.project, plan.parentIssue, plan.createdBy, now, now) as PlanRow;
  return toPlan(row);
}

/** Moves the latest revision pointer (revisions themselves are appended by revision-store). */
export function setLatestRevision(tx: WriteTx, planId: string, revision: number): void {
  statement(tx, "UPDATE plans SET revision = ?, updated_at = ? WHERE id = ?").run(
    revision,
    tx.clock.now(),
    planId,
  );
}

/**
 * A state change, checked against the states it may come from (a compare-and-set: two daemons
 * cannot both move the plan). Returns the plan as it is now.
 */
export function setPlanStatus(
  tx: WriteTx,
  planId: string,
  change: { from: readonly PlanState[]; to: PlanState; reason?: string; by?: string },
): PlanRecord {
  const plan = requirePlan(tx, planId);
  if (!change.from.includes(plan.status)) throw planStateError(plan, `become ${change.to}`);
  statement(tx, "UPDATE plans SET status = ?, reason = ?, updated_at = ? WHERE id = ?").run(
    change.to,
    change.reason ?? null,
    tx.clock.now(),
    planId,
  );
  appendEvent(tx, {
    type: "plan.status",
    payload: {
      planId,
      revision: plan.revision,
      from: plan.status,
      to: change.to,
      ...(change.reason === undefined ? {} : { reason: change.reason }),
      ...(change.by === undefined ? {} : { by: change.by }),
    },
  });
  return requirePlan(tx, planId);
}

/** "plan-3 is approved: it cannot <what>": the plan left the state the action needs. */
export function planStateError(plan: PlanRecord, what: string): AoError {
  return new AoError("E_PLAN_STATE", `${plan.id} is ${plan.status}: it cannot ${what}`, {
    hint:
      plan.status === "proposed"
        ? "approve it first (ao plan approve)"
        : "only a proposed plan changes; propose a new plan (ao plan propose) for new work",
    details: { plan: plan.id, status: plan.status },
  });
}
