import type { AoConfig } from "../config/types.js";
import type { GateQuestion } from "../gates/gates.js";
import type { Agent } from "../slots/index.js";
import type { Session, Store } from "../store/index.js";
import { budgetHold, unrecordedBudgets, type Unenforced } from "./budget.js";

/** A budget line in force for a session that ao cannot enforce, and why (docs/limits-and-budgets.md). */
export interface BudgetGap {
  readonly sessionId: string;
  readonly project: string;
  readonly agent: string;
  readonly scope: "session" | "project";
  readonly why: string;
}

/**
 * The budgets that are said, not pretended (issue 14): for each session, the lines of its
 * project's budget that cannot be checked, because its agent offers no usage reader or its spend
 * has no price. `ao status`, `ao cost` and `ao doctor` show them; none without a configuration.
 */
export async function budgetGaps(
  store: Store,
  config: AoConfig | undefined,
  sessions: readonly Session[],
  agentOf: (session: Session) => Promise<Pick<Agent, "usage">>,
  now: number,
): Promise<BudgetGap[]> {
  if (config === undefined) return [];
  const gaps: BudgetGap[] = [];
  for (const session of sessions) {
    const project = config.projects[session.project];
    if (project === undefined || (project.budget.session ?? project.budget.project) === undefined) continue;
    const recordsUsage = await agentOf(session).then(
      (agent) => agent.usage !== undefined,
      () => false,
    );
    for (const gap of unenforcedBudgets({ store, config, now }, session, recordsUsage))
      gaps.push({ sessionId: session.id, project: session.project, agent: session.agent, ...gap });
  }
  return gaps;
}

/** One line a person reads: `app-2 (aider): budget.session.maxCostUsd: … cannot be enforced`. */
export function budgetGapLine(gap: Pick<BudgetGap, "sessionId" | "agent" | "why">): string {
  return `${gap.sessionId} (${gap.agent}): budget not enforceable: ${gap.why}`;
}

/**
 * The budgets in force for a session that cannot be enforced, for `ao status`, `ao cost` and
 * doctor: every line when its agent records no usage (`recordsUsage` false: the agent offers no
 * usage reader), else the money lines whose recorded spend has no price.
 */
export function unenforcedBudgets(
  q: GateQuestion,
  session: Session,
  recordsUsage: boolean,
): readonly Unenforced[] {
  const project = q.config?.projects[session.project];
  if (project === undefined) return [];
  if (!recordsUsage) return unrecordedBudgets(project.budget, session.agent);
  return budgetHold(q.store, project, session.id, q.now).unenforced;
}
