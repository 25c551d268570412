import type { Proposal } from "./types.js";

/** One difference between two revisions, at a key path (tickets addressed by id, not position). */
export interface ProposalChange {
  readonly path: string;
  readonly change: "added" | "removed" | "changed";
  readonly before?: unknown;
  readonly after?: unknown;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value);

function diffValues(path: string, before: unknown, after: unknown, out: ProposalChange[]): void {
  if (JSON.stringify(before) === JSON.stringify(after)) return;
  if (before === undefined) out.push({ path, change: "added", after });
  else if (after === undefined) out.push({ path, change: "removed", before });
  else if (isObject(before) && isObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
    for (const key of keys) diffValues(path === "" ? key : `${path}.${key}`, before[key], after[key], out);
  } else out.push({ path, change: "changed", before, after });
}

/**
 * What changed from one revision to another (`ao plan diff`, the dashboard's timeline): tickets are
 * matched by id, so a reordering is no change and a deletion is one "removed", not a cascade.
 */
export function diffProposals(before: Proposal, after: Proposal): ProposalChange[] {
  const out: ProposalChange[] = [];
  const { tickets: beforeTickets, ...beforeRest } = before;
  const { tickets: afterTickets, ...afterRest } = after;
  diffValues("", beforeRest, afterRest, out);
  const byId = (tickets: Proposal["tickets"]) =>
    Object.fromEntries(tickets.map((ticket) => [ticket.id, ticket]));
  const [from, to] = [byId(beforeTickets), byId(afterTickets)];
  for (const id of [...new Set([...Object.keys(from), ...Object.keys(to)])].sort())
    diffValues(`tickets.${id}`, from[id], to[id], out);
  return out;
}
