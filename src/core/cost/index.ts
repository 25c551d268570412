/**
 * Cost (docs/cost.md): usage the agents record, priced by the dated table in prices.ts and the
 * config's `pricing:`, stored per turn (migration 006) and summed by readSpend.
 */
export { readSpend, type Spend, type SpendFilter } from "./read-spend.js";
