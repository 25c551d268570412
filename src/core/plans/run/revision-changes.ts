import type { Proposal, Ticket } from "../types.js";

const TICKET_FIELDS = ["title", "body", "role", "dependsOn", "outputSchema", "refs", "startFrom"] as const;

/**
 * What changed from one revision to the next, one line per ticket (`+ D: title`, `- C`,
 * `~ B: title, dependsOn`), then the stages and roles: the revision timeline's diff. Pure.
 */
export function revisionChanges(before: Proposal, after: Proposal): string[] {
  const old = new Map(before.tickets.map((ticket) => [ticket.id, ticket]));
  const now = new Map(after.tickets.map((ticket) => [ticket.id, ticket]));
  const lines: string[] = [];
  for (const [id, ticket] of now) {
    const was = old.get(id);
    if (was === undefined) lines.push(`+ ${id}: ${ticket.title}`);
    else {
      const fields = changedFields(was, ticket);
      if (fields.length > 0) lines.push(`~ ${id}: ${fields.join(", ")}`);
    }
  }
  for (const [id, ticket] of old) if (!now.has(id)) lines.push(`- ${id}: ${ticket.title}`);
  for (const part of ["goal", "research", "debate", "synthesis", "budget", "roles"] as const)
    if (JSON.stringify(before[part]) !== JSON.stringify(after[part])) lines.push(`~ ${part}`);
  return lines.length === 0 ? ["no change"] : lines;
}

function changedFields(before: Ticket, after: Ticket): string[] {
  return TICKET_FIELDS.filter((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]));
}
