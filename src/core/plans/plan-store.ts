import { AoError } from "../errors.js";
import { appendEvent, statement, writeTransaction, type Store } from "../store/index.js";
import type { PlanState, Proposal } from "./types.js";

/**
 * PLACEHOLDER (plans-run) of plans-core's plan-store.ts, with the signatures plans-core posted on
 * the board; replaced by theirs at merge.
 */
export interface PlanRecord {
  readonly id: string;
  readonly project: string;
  readonly status: PlanState;
  readonly revision: number;
  readonly approvedRevision: number | null;
  readonly reason: string | null;
  readonly parentRef: string | null;
  readonly parentUrl: string | null;
  readonly parentIssue: string | null;
  readonly deliverable: string | null;
  readonly approvedBy: string | null;
  readonly createdAt: number;
  readonly updatedAt: number;
}

export interface RevisionRecord {
  readonly planId: string;
  readonly revision: number;
  readonly baseRevision: number | null;
  readonly proposal: Proposal;
  readonly author: string;
  readonly kind: string;
  readonly createdAt: number;
}

type Row = Record<string, unknown>;

export function getPlan(store: Store, id: string): PlanRecord | undefined {
  const row = statement(store, "SELECT * FROM plans WHERE id = ?").get(id) as Row | undefined;
  if (row === undefined) return undefined;
  return {
    id: row["id"] as string,
    project: row["project"] as string,
    status: row["status"] as PlanState,
    revision: row["revision"] as number,
    approvedRevision: row["approved_revision"] as number | null,
    reason: row["reason"] as string | null,
    parentRef: row["parent_ref"] as string | null,
    parentUrl: row["parent_url"] as string | null,
    parentIssue: row["parent_issue"] as string | null,
    deliverable: row["deliverable"] as string | null,
    approvedBy: row["approved_by"] as string | null,
    createdAt: row["created_at"] as number,
    updatedAt: row["updated_at"] as number,
  };
}

export function listPlans(store: Store): PlanRecord[] {
  const ids = statement(store, "SELECT id FROM plans ORDER BY created_at, id").all() as { id: string }[];
  return ids.map(({ id }) => getPlan(store, id)!);
}

export function getRevision(store: Store, planId: string, revision?: number): RevisionRecord | undefined {
  const row = (
    revision === undefined
      ? statement(store, "SELECT * FROM plan_revisions WHERE plan_id = ? ORDER BY revision DESC LIMIT 1").get(
          planId,
        )
      : statement(store, "SELECT * FROM plan_revisions WHERE plan_id = ? AND revision = ?").get(
          planId,
          revision,
        )
  ) as Row | undefined;
  if (row === undefined) return undefined;
  return {
    planId,
    revision: row["revision"] as number,
    baseRevision: row["base_revision"] as number | null,
    proposal: JSON.parse(row["proposal"] as string) as Proposal,
    author: row["author"] as string,
    kind: row["kind"] as string,
    createdAt: row["created_at"] as number,
  };
}

/** Inserts a proposed plan with its first revision (what `ao plan propose` does). */
export function insertPlan(
  store: Store,
  plan: { id: string; project: string; proposal: Proposal; now: number },
): void {
  writeTransaction(store, (tx) => {
    statement(
      tx,
      "INSERT INTO plans (id, project, status, revision, created_at, updated_at) VALUES (?, ?, 'proposed', 1, ?, ?)",
    ).run(plan.id, plan.project, plan.now, plan.now);
    statement(
      tx,
      "INSERT INTO plan_revisions (plan_id, revision, proposal, author, kind, created_at) VALUES (?, 1, ?, 'person', 'propose', ?)",
    ).run(plan.id, JSON.stringify(plan.proposal), plan.now);
  });
}

export function recordApproval(
  store: Store,
  request: { planId: string; revision: number; by: string; now: number },
): PlanRecord {
  return writeTransaction(store, (tx) => {
    const plan = getPlan(tx, request.planId);
    if (plan === undefined) throw new AoError("E_NOT_FOUND", `no plan ${request.planId}`);
    if (plan.status !== "proposed" || plan.revision !== request.revision)
      throw new AoError(
        "E_SESSION_STATE",
        `the plan moved on: ${plan.id} is ${plan.status} at revision ${String(plan.revision)}`,
      );
    statement(
      tx,
      "UPDATE plans SET status = 'approved', approved_revision = ?, approved_by = ?, approved_at = ?, updated_at = ? WHERE id = ?",
    ).run(request.revision, request.by, request.now, request.now, plan.id);
    appendEvent(tx, {
      type: "plan.status",
      sessionId: null,
      payload: { planId: plan.id, from: "proposed", to: "approved" },
    });
    return getPlan(tx, plan.id)!;
  });
}

export function setPlanStatus(
  store: Store,
  planId: string,
  change: { from: PlanState; to: PlanState; reason?: string; now: number },
): PlanRecord {
  return writeTransaction(store, (tx) => {
    const changed = statement(
      tx,
      "UPDATE plans SET status = ?, reason = COALESCE(?, reason), updated_at = ? WHERE id = ? AND status = ?",
    ).run(change.to, change.reason ?? null, change.now, planId, change.from).changes;
    if (changed === 0) throw new AoError("E_SESSION_STATE", `plan ${planId} is not ${change.from}`);
    const reason = change.reason === undefined ? {} : { reason: change.reason };
    appendEvent(tx, {
      type: "plan.status",
      sessionId: null,
      payload: { planId, from: change.from, to: change.to, ...reason },
    });
    return getPlan(tx, planId)!;
  });
}
