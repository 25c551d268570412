import { heaviestPath } from "./ticket-graph.js";
import type { PlanEstimate, Quartiles, TicketEstimate } from "./estimate-types.js";
import type { RoleRun } from "./role-runs.js";
import type { Proposal } from "./types.js";

export type { EstimateTotals, PlanEstimate, Quartiles, TicketEstimate } from "./estimate-types.js";

/**
 * A step's weight on the critical path: its p75 duration when known, plus one millisecond for the
 * step itself, so that with no durations (or equal ones) the chain with more steps wins. The
 * dashboard's marked path and the estimate's duration path use this one weight.
 */
export function pathWeight(durationMs: Quartiles | null | undefined): number {
  return (durationMs?.p75 ?? 0) + 1;
}

/** p25 and p75 by linear interpolation between order statistics (R type 7); null for no values. */
export function quartiles(values: readonly number[]): Quartiles | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number): number => {
    const position = (sorted.length - 1) * q;
    const low = Math.floor(position);
    const high = Math.ceil(position);
    return sorted[low]! + (sorted[high]! - sorted[low]!) * (position - low);
  };
  return { p25: at(0.25), p75: at(0.75) };
}

function sumOf(ranges: readonly (Quartiles | null)[]): Quartiles | null {
  const known = ranges.filter((range): range is Quartiles => range !== null);
  if (known.length === 0) return null;
  return known.reduce((sum, range) => ({ p25: sum.p25 + range.p25, p75: sum.p75 + range.p75 }), {
    p25: 0,
    p75: 0,
  });
}

export const CRITICAL_PATH_LABEL =
  "sum of per-ticket p25 and p75 along the critical path (the chain with the largest p75), not a quantile of the total";

/**
 * Honest estimates, or none: each ticket from its role's completed runs (`runsOf`), never an
 * invented number. Total cost sums the estimable tickets; total duration follows the critical path
 * through the DAG, chosen by p75 (unknown tickets weigh nothing and make it partial; with no
 * durations at all it is the chain with the most tickets).
 */
export function estimatePlan(proposal: Proposal, runsOf: (role: string) => readonly RoleRun[]): PlanEstimate {
  const tickets = proposal.tickets.map((ticket): TicketEstimate => {
    const runs = runsOf(ticket.role);
    return {
      ticket: ticket.id,
      role: ticket.role,
      sampleSize: runs.length,
      costUsd: quartiles(runs.flatMap((run) => (run.usd === null ? [] : [run.usd]))),
      durationMs: quartiles(runs.flatMap((run) => (run.durationMs === null ? [] : [run.durationMs]))),
      impact: ticket.refs === undefined ? null : [...ticket.refs],
    };
  });
  const byId = new Map(tickets.map((estimate) => [estimate.ticket, estimate]));
  const critical = heaviestPath(proposal.tickets, (id) => pathWeight(byId.get(id)?.durationMs));
  const along = critical.path.map((id) => byId.get(id)!.durationMs);
  return {
    tickets,
    cost: {
      usd: sumOf(tickets.map((estimate) => estimate.costUsd)),
      partial: tickets.some((estimate) => estimate.costUsd === null),
      estimable: tickets.filter((estimate) => estimate.costUsd !== null).length,
    },
    duration: {
      path: critical.path,
      ms: sumOf(along),
      partial: tickets.some((estimate) => estimate.durationMs === null),
      label: CRITICAL_PATH_LABEL,
    },
  };
}
