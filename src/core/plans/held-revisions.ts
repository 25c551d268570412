import { appendEvent } from "../store/events.js";
import { fromJsonColumn, toJsonColumn } from "../store/json-column.js";
import { statement, writeTransaction, type Store, type WriteTx } from "../store/store.js";
import { getPlan, requirePlan } from "./plan-store.js";
import { appendRevision, checkRevisable, type RevisionRecord } from "./revision-store.js";
import type { Proposal } from "./types.js";

/** An agent revision waiting for the cooldown to pass; a newer one inside the window replaces it. */
export interface HeldRevision {
  readonly planId: string;
  readonly baseRevision: number;
  readonly author: string;
  readonly proposal: Proposal;
  /** How many agent revisions this one stands for (it is the last of them). */
  readonly coalesced: number;
  readonly firstAt: number;
  readonly dueAt: number;
}

interface HeldRow {
  plan_id: string;
  base_revision: number;
  author: string;
  proposal: string;
  coalesced: number;
  first_at: number;
  due_at: number;
}

const toHeld = (store: Store, row: HeldRow): HeldRevision => ({
  planId: row.plan_id,
  baseRevision: row.base_revision,
  author: row.author,
  proposal: fromJsonColumn(row.proposal, {
    path: store.path,
    table: "plan_held_revisions",
    id: row.plan_id,
  }) as Proposal,
  coalesced: row.coalesced,
  firstAt: row.first_at,
  dueAt: row.due_at,
});

export function heldRevision(store: Store, planId: string): HeldRevision | undefined {
  const row = statement(store, "SELECT * FROM plan_held_revisions WHERE plan_id = ?").get(planId) as
    HeldRow | undefined;
  return row === undefined ? undefined : toHeld(store, row);
}

/** When the plan's last agent-made revision was appended: the start of the cooldown window. */
function lastAgentRevisionAt(store: Store, planId: string): number | undefined {
  const row = statement(
    store,
    "SELECT max(created_at) AS at FROM plan_revisions WHERE plan_id = ? AND author LIKE 'agent:%'",
  ).get(planId) as { at: number | null };
  return row.at ?? undefined;
}

function flushOne(tx: WriteTx, held: HeldRevision): RevisionRecord | undefined {
  statement(tx, "DELETE FROM plan_held_revisions WHERE plan_id = ?").run(held.planId);
  const plan = requirePlan(tx, held.planId);
  const reason =
    plan.status !== "proposed"
      ? `the plan is ${plan.status}`
      : held.baseRevision !== plan.revision
        ? `the plan moved on: it is at revision ${plan.revision}, the held revision was made on ${held.baseRevision}`
        : undefined;
  if (reason !== undefined) {
    appendEvent(tx, {
      type: "plan.revision_dropped",
      payload: { planId: plan.id, revision: plan.revision, reason },
    });
    return undefined;
  }
  return appendRevision(tx, held.planId, {
    kind: "agent",
    author: held.author,
    proposal: held.proposal,
    baseRevision: held.baseRevision,
    coalesced: held.coalesced,
    note:
      held.coalesced > 1
        ? `${held.coalesced} agent revisions inside the cooldown, coalesced (the last one kept)`
        : undefined,
  });
}

/** Appends (or drops) every held revision that is due; returns the revisions appended. */
export function flushDueRevisions(tx: WriteTx, planId?: string): RevisionRecord[] {
  const rows = (
    planId === undefined
      ? statement(tx, "SELECT * FROM plan_held_revisions WHERE due_at <= ? ORDER BY plan_id").all(
          tx.clock.now(),
        )
      : statement(tx, "SELECT * FROM plan_held_revisions WHERE plan_id = ? AND due_at <= ?").all(
          planId,
          tx.clock.now(),
        )
  ) as HeldRow[];
  return rows.flatMap((row) => flushOne(tx, toHeld(tx, row)) ?? []);
}

const heldCount = (store: Store): number =>
  (statement(store, "SELECT count(*) AS n FROM plan_held_revisions").get() as { n: number }).n;

/** The daemon's tick and every plan command: held revisions become revisions once due. */
export function flushHeldRevisions(store: Store): RevisionRecord[] {
  if (heldCount(store) === 0) return [];
  return writeTransaction(store, (tx) => flushDueRevisions(tx));
}

export type AgentRevisionOutcome = { readonly appended: RevisionRecord } | { readonly held: HeldRevision };

/**
 * An agent's revision (the control plane): checked like any edit, then appended at once when the
 * plan's last agent revision is older than the cooldown; otherwise held until the window closes,
 * replacing a revision already held (one revision per window: a re-planning loop cannot flood).
 */
export function submitAgentRevision(
  tx: WriteTx,
  revision: { planId: string; baseRevision: number; proposal: Proposal; author: string; cooldownMs: number },
): AgentRevisionOutcome {
  flushDueRevisions(tx, revision.planId);
  checkRevisable(requirePlan(tx, revision.planId), revision.baseRevision);
  const now = tx.clock.now();
  const held = heldRevision(tx, revision.planId);
  const last = lastAgentRevisionAt(tx, revision.planId);
  if (held === undefined && (last === undefined || now >= last + revision.cooldownMs))
    return { appended: appendRevision(tx, revision.planId, { kind: "agent", ...revision }) };
  const next = {
    coalesced: (held?.coalesced ?? 0) + 1,
    firstAt: held?.firstAt ?? now,
    dueAt: held?.dueAt ?? (last ?? now) + revision.cooldownMs,
  };
  statement(
    tx,
    `INSERT OR REPLACE INTO plan_held_revisions (plan_id, base_revision, author, proposal, coalesced, first_at, due_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    revision.planId,
    revision.baseRevision,
    revision.author,
    toJsonColumn(revision.proposal),
    next.coalesced,
    next.firstAt,
    next.dueAt,
  );
  const plan = getPlan(tx, revision.planId)!;
  appendEvent(tx, {
    type: "plan.revision_held",
    payload: { planId: plan.id, revision: plan.revision, dueAt: next.dueAt, coalesced: next.coalesced },
  });
  return { held: heldRevision(tx, revision.planId)! };
}
