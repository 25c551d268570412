import { AoError } from "../errors.js";
import { appendEvent } from "../store/events.js";
import { fromJsonColumn, toJsonColumn } from "../store/json-column.js";
import { statement, type Store, type WriteTx } from "../store/store.js";
import { planStateError, requirePlan, setLatestRevision, type PlanRecord } from "./plan-store.js";
import type { Proposal } from "./types.js";

export type RevisionKind = "propose" | "edit" | "agent" | "rewind";

/** One revision of a plan; revisions are never changed, only appended. */
export interface RevisionRecord {
  readonly planId: string;
  readonly revision: number;
  /** The revision it was made on (null for the first). */
  readonly baseRevision: number | null;
  readonly kind: RevisionKind;
  readonly author: string;
  readonly proposal: Proposal;
  readonly note: string | null;
  readonly createdAt: number;
}

interface RevisionRow {
  plan_id: string;
  revision: number;
  base_revision: number | null;
  kind: RevisionKind;
  author: string;
  proposal: string;
  note: string | null;
  created_at: number;
}

const toRevision = (store: Store, row: RevisionRow): RevisionRecord => ({
  planId: row.plan_id,
  revision: row.revision,
  baseRevision: row.base_revision,
  kind: row.kind,
  author: row.author,
  proposal: fromJsonColumn(row.proposal, {
    path: store.path,
    table: "plan_revisions",
    id: `${row.plan_id}#${row.revision}`,
  }) as Proposal,
  note: row.note,
  createdAt: row.created_at,
});

/** A revision of the plan: the latest when `revision` is left out. E_NOT_FOUND names the range. */
export function getRevision(store: Store, planId: string, revision?: number): RevisionRecord {
  const plan = requirePlan(store, planId);
  const wanted = revision ?? plan.revision;
  const row = statement(store, "SELECT * FROM plan_revisions WHERE plan_id = ? AND revision = ?").get(
    planId,
    wanted,
  ) as RevisionRow | undefined;
  if (row !== undefined) return toRevision(store, row);
  throw new AoError("E_NOT_FOUND", `${planId} has no revision ${wanted}`, {
    hint: `its revisions are 1 to ${plan.revision} (ao plan show ${planId} lists them)`,
    details: { plan: planId, revision: wanted, latest: plan.revision },
  });
}

export function listRevisions(store: Store, planId: string): RevisionRecord[] {
  const rows = statement(store, "SELECT * FROM plan_revisions WHERE plan_id = ? ORDER BY revision").all(
    planId,
  ) as RevisionRow[];
  return rows.map((row) => toRevision(store, row));
}

/** "the plan moved on": the edit was made on a revision that is no longer the latest. */
export function movedOnError(plan: PlanRecord, baseRevision: number): AoError {
  return new AoError(
    "E_PLAN_MOVED_ON",
    `the plan moved on: ${plan.id} is at revision ${plan.revision}, this change was made on revision ${baseRevision}`,
    {
      hint: `look at revision ${plan.revision} (ao plan show ${plan.id}) and make the change again with --base-revision ${plan.revision}`,
      details: { plan: plan.id, baseRevision, latest: plan.revision },
    },
  );
}

/** Refuses what may not make a revision: a plan that left `proposed`, or a stale base revision. */
export function checkRevisable(plan: PlanRecord, baseRevision: number): void {
  if (plan.status !== "proposed") throw planStateError(plan, "be revised");
  if (baseRevision !== plan.revision) throw movedOnError(plan, baseRevision);
}

export interface NewRevision {
  readonly kind: RevisionKind;
  readonly author: string;
  readonly proposal: Proposal;
  /** Required for every kind but `propose`; checked against the latest revision. */
  readonly baseRevision: number | null;
  readonly note?: string | undefined;
  readonly coalesced?: number | undefined;
}

/** Appends the next revision after the checks, with its event, in the caller's transaction. */
export function appendRevision(tx: WriteTx, planId: string, next: NewRevision): RevisionRecord {
  const plan = requirePlan(tx, planId);
  if (next.kind !== "propose") checkRevisable(plan, next.baseRevision ?? -1);
  const row = statement(
    tx,
    `INSERT INTO plan_revisions (plan_id, revision, base_revision, kind, author, proposal, note, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING *`,
  ).get(
    planId,
    plan.revision + 1,
    next.baseRevision,
    next.kind,
    next.author,
    toJsonColumn(next.proposal),
    next.note ?? null,
    tx.clock.now(),
  ) as RevisionRow;
  setLatestRevision(tx, planId, row.revision);
  if (next.kind !== "propose")
    appendEvent(tx, {
      type: "plan.revised",
      payload: {
        planId,
        revision: row.revision,
        kind: next.kind,
        baseRevision: next.baseRevision ?? plan.revision,
        author: next.author,
        ...(next.coalesced === undefined ? {} : { coalesced: next.coalesced }),
      },
    });
  return toRevision(tx, row);
}
