import { appendEvent } from "./events.js";
import { statement, type Store, type WriteTx } from "./store.js";

/** A session held over budget (migration 007): one row while held, so a person is told once. */
export interface BudgetHold {
  readonly sessionId: string;
  readonly scope: "session" | "project";
  readonly words: string;
  readonly since: number;
}

interface BudgetHoldRow {
  session_id: string;
  scope: "session" | "project";
  words: string;
  since: number;
}

export function getBudgetHold(store: Store, sessionId: string): BudgetHold | undefined {
  const row = statement(store, "SELECT * FROM budget_holds WHERE session_id = ?").get(sessionId) as
    BudgetHoldRow | undefined;
  return row === undefined
    ? undefined
    : { sessionId: row.session_id, scope: row.scope, words: row.words, since: row.since };
}

/** Holds the session, with `budget.exceeded`; false when it was held already (nothing is written). */
export function holdOverBudget(tx: WriteTx, hold: Omit<BudgetHold, "since">): boolean {
  if (getBudgetHold(tx, hold.sessionId) !== undefined) return false;
  statement(tx, "INSERT INTO budget_holds (session_id, scope, words, since) VALUES (?, ?, ?, ?)").run(
    hold.sessionId,
    hold.scope,
    hold.words,
    tx.clock.now(),
  );
  appendEvent(tx, {
    type: "budget.exceeded",
    sessionId: hold.sessionId,
    payload: { scope: hold.scope, words: hold.words },
  });
  return true;
}

/** Lifts a hold, with `budget.cleared`; false when the session was not held. */
export function clearBudgetHold(tx: WriteTx, sessionId: string): boolean {
  const hold = getBudgetHold(tx, sessionId);
  if (hold === undefined) return false;
  statement(tx, "DELETE FROM budget_holds WHERE session_id = ?").run(sessionId);
  appendEvent(tx, { type: "budget.cleared", sessionId, payload: { scope: hold.scope } });
  return true;
}
