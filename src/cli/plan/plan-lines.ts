import {
  type ProposalChange,
  costTotalText,
  durationTotalText,
  humanDuration,
  quartileRange,
  usd,
  type PlanRecord,
  type PlanCard,
} from "../../core/plans/index.js";
import { renderTable } from "../render.js";
import { terminalCell, terminalText } from "../terminal-text.js";

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

type Step = PlanCard["steps"][number];
const noEstimate = (step: Step, text: (estimate: NonNullable<Step["estimate"]>) => string): string =>
  step.estimate === null ? "-" : text(step.estimate);

const STEP_COLUMNS = [
  { header: "step", value: (step: Step) => `${step.id}${step.critical ? " *" : ""}` },
  { header: "state", value: (step: Step) => step.state },
  { header: "role", value: (step: Step) => `${step.role} (${step.agent})` },
  { header: "needs", value: (step: Step) => (step.needs.length === 0 ? "-" : step.needs.join(",")) },
  { header: "cost p25–p75", value: (step: Step) => noEstimate(step, (e) => quartileRange(e.costUsd, usd)) },
  {
    header: "time p25–p75",
    value: (step: Step) => noEstimate(step, (e) => quartileRange(e.durationMs, humanDuration)),
  },
  { header: "runs", value: (step: Step) => noEstimate(step, (e) => String(e.sampleSize)) },
  {
    header: "impact",
    value: (step: Step) =>
      noEstimate(step, (e) => (e.impact === null ? "unknown" : terminalCell(e.impact.join(",")))),
  },
  { header: "title", value: (step: Step) => terminalCell(step.title) },
];

/** The plan card as `ao plan show` (and propose) print it: the same card the dashboard draws. */
export function planCardLines(card: PlanCard): string[] {
  const latest = card.shownRevision === card.revision ? "latest" : `latest is ${card.revision}`;
  const tickets = card.steps.filter((step) => step.estimate !== null).length;
  const budget = card.budgetUsd === null ? "" : `  budget ${usd(card.budgetUsd)}`;
  return [
    `${card.id}  ${card.status}  revision ${card.shownRevision} (${latest})  project ${card.project}`,
    `goal: ${terminalCell(card.goal)}`,
    ...(card.reason === null ? [] : [`reason: ${terminalCell(card.reason)}`]),
    ...(card.parent === null
      ? []
      : [
          `parent ticket: ${terminalCell(card.parent.ref)}${card.parent.url === null ? "" : ` ${card.parent.url}`}`,
        ]),
    "",
    ...renderTable(card.steps, STEP_COLUMNS),
    "",
    `critical path (* by ${card.criticalPathBy}): ${card.criticalPath.join(" → ")}`,
    `cost: ${costTotalText(card.estimate.cost, tickets)}${budget}`,
    `time: ${durationTotalText(card.estimate.duration)}`,
    `      ${card.estimate.duration.label}`,
    ...(card.held === null
      ? []
      : [
          `held: an agent revision (${card.held.coalesced} coalesced) waits for the cooldown until ${new Date(card.held.dueAt).toISOString()}`,
        ]),
    ...(card.deliverable === null ? [] : ["", "deliverable:", terminalText(card.deliverable)]),
    "",
    ...card.revisions.map(
      (rev) =>
        `rev ${rev.revision}  ${rev.kind}  by ${terminalCell(rev.author)}  ${new Date(rev.createdAt).toISOString()}  ${terminalCell(rev.changes.join("; "))}`,
    ),
  ];
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
