import type { TicketState } from "../../store/ticket-state.js";

/** What the scheduler needs of a ticket: its id, what it waits for, and where it stands. */
export interface SchedulableTicket {
  readonly id: string;
  readonly dependsOn: readonly string[];
  readonly state: TicketState;
}

/**
 * The tickets that may start now: pending, with every dependency done. Pure, and in the order
 * given (the pipeline's), so two daemons looking at the same rows start the same tickets.
 */
export function readyTickets<T extends SchedulableTicket>(tickets: readonly T[]): T[] {
  const done = new Set(tickets.filter((ticket) => ticket.state === "done").map((ticket) => ticket.id));
  return tickets.filter(
    (ticket) => ticket.state === "pending" && ticket.dependsOn.every((id) => done.has(id)),
  );
}

/**
 * Tickets that can never start: pending, with a dependency that failed or was cancelled (or one
 * that waits on such a ticket). A plan with one of these cannot complete.
 */
export function blockedTickets<T extends SchedulableTicket>(tickets: readonly T[]): T[] {
  const byId = new Map(tickets.map((ticket) => [ticket.id, ticket]));
  const dead = new Set<string>();
  const isDead = (id: string, seen: Set<string>): boolean => {
    if (dead.has(id)) return true;
    const ticket = byId.get(id);
    if (ticket === undefined || seen.has(id)) return false;
    seen.add(id);
    const result =
      ticket.state === "failed" ||
      ticket.state === "cancelled" ||
      (ticket.state === "pending" && ticket.dependsOn.some((dep) => isDead(dep, seen)));
    if (result) dead.add(id);
    return result;
  };
  return tickets.filter((ticket) => ticket.state === "pending" && isDead(ticket.id, new Set()));
}
