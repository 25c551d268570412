/**
 * Plans (docs/plans.md): a proposal of tickets for agents, reviewed, approved and run. `ao plan`,
 * the dashboard's plan page and the control plane reach them through this file.
 */

// `ao plan propose|ls|show|diff`: plans proposed from a file, listed, shown, compared.
export { diffPlan, listPlanRecords, proposePlanFile, readPlanFile, showPlan } from "./plan-commands.js";
export { listPlans, type PlanRecord } from "./plan-store.js";
export type { ProposalChange } from "./diff-proposals.js";

// `ao plan edit|rewind|approve` and playbooks: a plan changed by a person (cancel: lifecycle).
export {
  approvePlanCommand,
  editFromFile,
  editFromFlags,
  editPlanCommand,
  listPlaybooksCommand,
  rewindPlanCommand,
  savePlaybookCommand,
} from "./change-commands.js";

// A plan running: approved from the dashboard, and its card (one shape for CLI JSON and the page).
export { approvePlan } from "./run/approve-plan.js";
export { readPlanCard } from "./run/plan-card.js";
export type { PlanCard } from "./run/plan-card-types.js";

// Estimates of cost and time, and how they read.
export { costTotalText, durationTotalText, humanDuration, quartileRange, usd } from "./estimate-format.js";
export type { Quartiles, TicketEstimate } from "./estimate-types.js";
