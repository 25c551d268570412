import type { AoConfig } from "../config/types.js";
import type { Session, Store } from "../store/index.js";
import { budgetHold } from "../cost/budget.js";
import type { Hold } from "./hold.js";
import { rateLimitHold, sessionRateLimitHold } from "./rate-limit.js";

export { heldError, type Hold } from "./hold.js";
export {
  budgetHold,
  localMidnight,
  unrecordedBudgets,
  type BudgetVerdict,
  type Unenforced,
} from "../cost/budget.js";
export { rateLimitHold, sessionRateLimitHold } from "./rate-limit.js";

/** What the gates are asked with: the store, the configuration in force, and now. */
export interface GateQuestion {
  readonly store: Store;
  /** Absent: no configuration loads, so no budget is known; only the rate limit is asked. */
  readonly config?: AoConfig | undefined;
  readonly now: number;
}

export interface TurnGateOptions {
  /** A person sends over budget (`ao send --over-budget`): the budget gate lets this turn through. */
  readonly overBudget?: boolean | undefined;
}

/**
 * Whether a session may be given a turn now: every path that gives one asks (reactions, `ao send`,
 * the control plane, the daemon delivering queued turns). The rate limit first (it lifts by
 * itself), then the budgets. Undefined: go ahead.
 */
export function turnHold(q: GateQuestion, session: Session, options: TurnGateOptions = {}): Hold | undefined {
  const limited = sessionRateLimitHold(q.store, session, q.now);
  if (limited !== undefined) return limited;
  if (options.overBudget === true) return undefined;
  const project = q.config?.projects[session.project];
  return project === undefined ? undefined : budgetHold(q.store, project, session.id, q.now).hold;
}

/** Whether a new session of `account` in `projectId` may start now: its account's limit, its project's budget. */
export function spawnHold(q: GateQuestion, projectId: string, account: string): Hold | undefined {
  const limited = rateLimitHold(q.store, account, q.now);
  if (limited !== undefined) return limited;
  const project = q.config?.projects[projectId];
  return project === undefined ? undefined : budgetHold(q.store, project, undefined, q.now).hold;
}
