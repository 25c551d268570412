import type { ProposalChange } from "../../core/plans/diff-proposals.js";
import type { Quartiles } from "../../core/plans/estimate-plan.js";
import type { PlanView, RevisionSummary } from "../../core/plans/plan-commands.js";
import type { PlanRecord } from "../../core/plans/plan-store.js";
import { renderTable } from "../render.js";
import { terminalCell, terminalText } from "../terminal-text.js";

/** `1h20m`, `45m`, `30s`: a duration as people read it. */
export function humanDuration(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes === 0) return `${Math.round(ms / 1000)}s`;
  const hours = Math.floor(minutes / 60);
  return hours === 0 ? `${minutes}m` : `${hours}h${minutes % 60 === 0 ? "" : `${minutes % 60}m`}`;
}

const usd = (value: number): string => `$${value.toFixed(2)}`;
/** A range, or "unknown": never an invented number. */
const range = (value: Quartiles | null, unit: (n: number) => string): string =>
  value === null ? "unknown" : `${unit(value.p25)}–${unit(value.p75)}`;

export const PLAN_COLUMNS = [
  { header: "plan", value: (plan: PlanRecord) => plan.id },
  { header: "project", value: (plan: PlanRecord) => plan.project },
  { header: "status", value: (plan: PlanRecord) => plan.status },
  { header: "revision", value: (plan: PlanRecord) => String(plan.revision) },
  {
    header: "approved",
    value: (plan: PlanRecord) => (plan.approvedRevision === null ? "-" : `rev ${plan.approvedRevision}`),
  },
];

/** The plan as `ao plan show` prints it: tickets with their estimates, the totals, the timeline. */
export function planLines(view: PlanView & { revisions?: readonly RevisionSummary[] }): string[] {
  const { plan, revision, estimate } = view;
  const proposal = revision.proposal;
  const latest = revision.revision === plan.revision ? "latest" : `latest is ${plan.revision}`;
  const rows = proposal.tickets.map((ticket, index) => ({ ticket, estimate: estimate.tickets[index]! }));
  const known = estimate.tickets.length - estimate.cost.estimable;
  return [
    `${plan.id}  ${plan.status}  revision ${revision.revision} (${latest})  project ${plan.project}`,
    `goal: ${terminalCell(proposal.goal)}`,
    ...(proposal.research
      ? [`research: ${proposal.research.role}: ${terminalCell(proposal.research.title)}`]
      : []),
    ...(proposal.debate
      ? [`debate: ${proposal.debate.rounds} round(s) on ${terminalCell(proposal.debate.topic)}`]
      : []),
    "",
    ...renderTable(rows, [
      { header: "ticket", value: (row) => row.ticket.id },
      { header: "role", value: (row) => row.ticket.role },
      {
        header: "after",
        value: (row) => (row.ticket.dependsOn.length === 0 ? "-" : row.ticket.dependsOn.join(",")),
      },
      { header: "cost p25–p75", value: (row) => range(row.estimate.costUsd, usd) },
      { header: "time p25–p75", value: (row) => range(row.estimate.durationMs, humanDuration) },
      { header: "runs", value: (row) => String(row.estimate.sampleSize) },
      {
        header: "impact",
        value: (row) =>
          row.estimate.impact === null ? "unknown" : terminalCell(row.estimate.impact.join(",")),
      },
      { header: "title", value: (row) => terminalCell(row.ticket.title) },
    ]),
    `synthesis: ${proposal.synthesis.role}: ${terminalCell(proposal.synthesis.title)}`,
    "",
    `cost: ${range(estimate.cost.usd, usd)}${estimate.cost.partial ? ` (partial: ${known} of ${estimate.tickets.length} tickets unknown)` : ""}${proposal.budget ? `  budget ${usd(proposal.budget.usd)}` : ""}`,
    `time: ${range(estimate.duration.ms, humanDuration)}${estimate.duration.path.length > 0 ? ` along ${estimate.duration.path.join(" → ")}` : ""}${estimate.duration.partial ? " (partial)" : ""}`,
    `      ${estimate.duration.label}`,
    ...(view.held === null
      ? []
      : [
          `held: an agent revision (${view.held.coalesced} coalesced) waits for the cooldown until ${new Date(view.held.dueAt).toISOString()}`,
        ]),
    ...(view.revisions === undefined ? [] : ["", ...view.revisions.map(revisionLine)]),
  ];
}

function revisionLine(summary: RevisionSummary): string {
  const base = summary.baseRevision === null ? "" : ` on ${summary.baseRevision}`;
  const note = summary.note === null ? "" : `  (${terminalCell(summary.note)})`;
  return `rev ${summary.revision}  ${summary.kind}${base}  by ${summary.author}  ${new Date(summary.createdAt).toISOString()}${note}`;
}

const shown = (value: unknown): string => terminalCell(JSON.stringify(value) ?? "");

/** `ao plan diff` lines: `~ tickets.B.title "API" → "API v2"`, `+ …`, `- …`. */
export function diffLines(diff: {
  plan: string;
  from: number;
  to: number;
  changes: readonly ProposalChange[];
}): string[] {
  if (diff.changes.length === 0) return [`${diff.plan}: revisions ${diff.from} and ${diff.to} are the same`];
  return diff.changes
    .map((change) =>
      change.change === "added"
        ? `+ ${change.path} ${shown(change.after)}`
        : change.change === "removed"
          ? `- ${change.path} ${shown(change.before)}`
          : `~ ${change.path} ${shown(change.before)} → ${shown(change.after)}`,
    )
    .map(terminalText);
}
