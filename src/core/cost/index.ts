/**
 * Cost (docs/cost.md): usage the agents record, priced by the dated table in prices.ts and the
 * config's `pricing:`, stored per turn (migration 006) and summed by readSpend.
 */
export { readSpend, type Spend, type SpendFilter } from "./read-spend.js";

// `ao cost` and the cost column of `ao status`: spend per session and project, and how it reads.
export { costReport } from "./cost-report.js";
export { costLines } from "./cost-lines.js";
export { costText, sessionCost, type SessionCost } from "./session-cost.js";

// Budgets the config sets that nothing enforces, as a warning line.
export { budgetGapLine } from "./budget-gaps.js";
