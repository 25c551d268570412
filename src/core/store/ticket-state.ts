/**
 * Where one ticket of a running plan stands. `pending` waits for its dependencies (or the budget);
 * `running` has a session; `done` handed on its output; `failed` and `cancelled` never run again.
 */
export const TICKET_STATES = ["pending", "running", "done", "failed", "cancelled"] as const;
export type TicketState = (typeof TICKET_STATES)[number];

export function isTicketState(value: unknown): value is TicketState {
  return typeof value === "string" && (TICKET_STATES as readonly string[]).includes(value);
}

/** The states a ticket never leaves. */
export function isTicketOver(state: TicketState): boolean {
  return state === "done" || state === "failed" || state === "cancelled";
}
