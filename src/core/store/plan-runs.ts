import { isTicketState, type TicketState } from "./ticket-state.js";
import { appendEvent } from "./events.js";
import { fromJsonColumn, fromJsonObjectColumn, toJsonColumn, type JsonObject } from "./json-column.js";
import { corruptStoreError } from "./sqlite-errors.js";
import { statement, type Store, type WriteTx } from "./store.js";
import { redactText } from "../redact.js";

/**
 * What approval and execution record of a plan (docs/plans.md): the approval's completed steps,
 * the roles it hired, and the pipeline's tickets. Each write carries its `plan.*` event.
 */
export interface PlanHire {
  /** The hire's id: allocated once, so a resumed approval finds it instead of hiring again. */
  readonly id: number;
  readonly planId: string;
  readonly role: string;
  readonly agent: string;
  readonly model: string | null;
  readonly rules: string | null;
}

export interface PlanTicket {
  readonly planId: string;
  readonly ticketId: string;
  /** `research`, `debate`, `ticket` or `synthesis`. */
  readonly kind: string;
  /** The role id of the step (estimates read a role's completed runs from these rows). */
  readonly role: string | null;
  readonly position: number;
  readonly state: TicketState;
  readonly sessionId: string | null;
  /** The turn a debate or synthesis step was given in its role's session; null for a session of its own. */
  readonly turnId: string | null;
  /** What it handed on (its output, checked against its schema); null until done. */
  readonly output: unknown;
  readonly reason: string | null;
  readonly startedAt: number | null;
  readonly endedAt: number | null;
}

interface TicketRow {
  plan_id: string;
  ticket_id: string;
  kind: string;
  role: string | null;
  turn_id: string | null;
  position: number;
  status: string;
  session_id: string | null;
  output: string | null;
  reason: string | null;
  started_at: number | null;
  ended_at: number | null;
}

/** The payloads of a plan's completed approval steps, by step. */
export function planSteps(store: Store, planId: string): Map<string, JsonObject> {
  const rows = statement(store, "SELECT step, payload FROM plan_steps WHERE plan_id = ?").all(planId) as {
    step: string;
    payload: string;
  }[];
  const where = (step: string) => ({ path: store.path, table: "plan_steps", id: `${planId}/${step}` });
  return new Map(rows.map((row) => [row.step, fromJsonObjectColumn(row.payload, where(row.step))]));
}

/** Records a completed approval step once, with its `plan.step` event; a second record is a no-op. */
export function recordPlanStep(tx: WriteTx, planId: string, step: string, payload: JsonObject = {}): void {
  const inserted = statement(
    tx,
    "INSERT INTO plan_steps (plan_id, step, payload, at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING",
  ).run(planId, step, toJsonColumn(payload), tx.clock.now()).changes;
  if (inserted > 0) appendEvent(tx, { type: "plan.step", sessionId: null, payload: { planId, step } });
}

/** Hires a role for a plan, or returns the hire already made for it (one per plan and role). */
export function hireRole(
  tx: WriteTx,
  planId: string,
  role: string,
  hire: { agent: string; model?: string | undefined; rules?: string | undefined },
): PlanHire {
  statement(
    tx,
    "INSERT INTO plan_hires (plan_id, role, agent, model, rules, at) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
  ).run(planId, role, hire.agent, hire.model ?? null, hire.rules ?? null, tx.clock.now());
  const found = listHires(tx, planId).find((row) => row.role === role);
  if (found === undefined) throw new Error(`hire of ${role} for ${planId} vanished`);
  return found;
}

export function listHires(store: Store, planId: string): PlanHire[] {
  const rows = statement(store, "SELECT * FROM plan_hires WHERE plan_id = ? ORDER BY id").all(planId) as {
    id: number;
    plan_id: string;
    role: string;
    agent: string;
    model: string | null;
    rules: string | null;
  }[];
  return rows.map((row) => ({
    id: row.id,
    planId: row.plan_id,
    role: row.role,
    agent: row.agent,
    model: row.model,
    rules: row.rules,
  }));
}

/** The pipeline's rows, inserted once at approval (pending); a second insert leaves them as they are. */
export function insertTickets(
  tx: WriteTx,
  planId: string,
  tickets: readonly { ticketId: string; kind: string; role: string }[],
): void {
  const insert = statement(
    tx,
    "INSERT INTO plan_tickets (plan_id, ticket_id, kind, role, position) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
  );
  tickets.forEach((ticket, position) =>
    insert.run(planId, ticket.ticketId, ticket.kind, ticket.role, position),
  );
}

/** Where the plan's parent ticket is (columns of plans-core's `plans` row that approval fills). */
export function setPlanParent(tx: WriteTx, planId: string, ref: string | null, url: string | null): void {
  statement(tx, "UPDATE plans SET parent_ref = ?, parent_url = ?, updated_at = ? WHERE id = ?").run(
    ref,
    url,
    tx.clock.now(),
    planId,
  );
}

/** The deliverable, kept on the plan once the synthesis handed it on. */
export function setPlanDeliverable(tx: WriteTx, planId: string, deliverable: string): void {
  statement(tx, "UPDATE plans SET deliverable = ?, updated_at = ? WHERE id = ?").run(
    deliverable,
    tx.clock.now(),
    planId,
  );
}

export function listTickets(store: Store, planId: string): PlanTicket[] {
  const rows = statement(store, "SELECT * FROM plan_tickets WHERE plan_id = ? ORDER BY position").all(
    planId,
  ) as TicketRow[];
  return rows.map((row) => toTicket(store, row));
}

export interface TicketPatch {
  state?: TicketState;
  sessionId?: string;
  turnId?: string;
  output?: unknown;
  reason?: string;
  startedAt?: number;
  endedAt?: number;
}

/** Changes a ticket; a change of state appends `plan.ticket` (about the ticket's session). */
export function updateTicket(tx: WriteTx, planId: string, ticketId: string, patch: TicketPatch): PlanTicket {
  const before = listTickets(tx, planId).find((ticket) => ticket.ticketId === ticketId);
  if (before === undefined) throw new Error(`plan ${planId} has no ticket ${ticketId}`);
  statement(
    tx,
    `UPDATE plan_tickets SET status = ?, session_id = ?, turn_id = ?, output = ?, reason = ?, started_at = ?,
     ended_at = ? WHERE plan_id = ? AND ticket_id = ?`,
  ).run(
    patch.state ?? before.state,
    patch.sessionId ?? before.sessionId,
    patch.turnId ?? before.turnId,
    patch.output === undefined ? toNullableJson(before.output) : toJsonColumn(patch.output),
    patch.reason === undefined ? before.reason : redactText(patch.reason),
    patch.startedAt ?? before.startedAt,
    patch.endedAt ?? before.endedAt,
    planId,
    ticketId,
  );
  const after = listTickets(tx, planId).find((ticket) => ticket.ticketId === ticketId) ?? before;
  if (after.state !== before.state)
    appendEvent(tx, {
      type: "plan.ticket",
      sessionId: after.sessionId,
      payload: {
        planId,
        ticketId,
        from: before.state,
        to: after.state,
        ...(patch.reason === undefined ? {} : { reason: patch.reason }),
      },
    });
  return after;
}

function toNullableJson(value: unknown): string | null {
  return value === null ? null : toJsonColumn(value);
}

function toTicket(store: Store, row: TicketRow): PlanTicket {
  const id = `${row.plan_id}/${row.ticket_id}`;
  if (!isTicketState(row.status))
    throw corruptStoreError(store.path, `plan_tickets row ${id} has the unknown state "${row.status}"`);
  return {
    planId: row.plan_id,
    ticketId: row.ticket_id,
    kind: row.kind,
    role: row.role,
    position: row.position,
    turnId: row.turn_id,
    state: row.status,
    sessionId: row.session_id,
    output:
      row.output === null
        ? null
        : fromJsonColumn(row.output, { path: store.path, table: "plan_tickets", id }),
    reason: row.reason,
    startedAt: row.started_at,
    endedAt: row.ended_at,
  };
}
