import { messageOf } from "../errors.js";
import { budgetHold } from "../gates/gates.js";
import { clearBudgetHold, holdOverBudget, writeTransaction, type Session } from "../store/index.js";
import { budgetConfigOf, reloadBudgetConfig } from "./budget-config.js";
import type { CycleScope, CycleStep } from "./cycle-scope.js";
import { notifyPerson } from "./notify-person.js";

/**
 * The budget step of a cycle (docs/limits-and-budgets.md), first: the configuration is read again,
 * then each watched session is checked against its budgets. A session newly over is held
 * (`budget.exceeded`, status `over_budget` when decided) and a person is told once; a held one
 * whose budget allows again (raised, or a new day) is released (`budget.cleared`).
 */
export const watchBudgets: CycleStep = async (scope) => {
  const errors: string[] = [];
  const reload = await reloadBudgetConfig(scope.ctx, scope.engine);
  if (reload !== undefined) errors.push(reload);
  const config = budgetConfigOf(scope.engine);
  let events = 0;
  for (const session of scope.sessions) {
    try {
      const project = config.projects[session.project];
      const hold =
        project === undefined ? undefined : budgetHold(scope.store, project, session.id, scope.at).hold;
      if (hold === undefined) {
        if (writeTransaction(scope.store, (tx) => clearBudgetHold(tx, session.id))) events++;
        continue;
      }
      const scopeOf = hold.scope ?? "session";
      const held = writeTransaction(scope.store, (tx) =>
        holdOverBudget(tx, { sessionId: session.id, scope: scopeOf, words: hold.words }),
      );
      if (held) {
        events++;
        await tellOverBudget(scope, session, scopeOf, hold.words);
      }
    } catch (error) {
      errors.push(`${session.id}: budget: ${messageOf(error)}`);
    }
  }
  return { events, errors };
};

async function tellOverBudget(
  scope: CycleScope,
  session: Session,
  whose: "session" | "project",
  words: string,
): Promise<void> {
  const budget = whose === "session" ? "its budget" : `project ${session.project}'s budget`;
  await notifyPerson(scope.ctx, scope.engine, {
    title: `${session.id} is over ${budget}`,
    body: `${words}. ao gives it no new turns (reactions included) until the budget is raised in agent-orchestrator.yaml (budget:), or a person sends one with --over-budget.`,
    priority: "action",
    sessionId: session.id,
    nextCommand: `ao send --over-budget ${session.id} "…"`,
  });
}
