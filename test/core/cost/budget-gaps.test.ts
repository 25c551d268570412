import { describe, expect, it } from "vitest";
import type { AoConfig, BudgetConfig } from "../../../src/core/config/types.js";
import { budgetGaps } from "../../../src/core/cost/budget-gaps.js";
import {
  getSession,
  insertSession,
  recordUsage,
  writeTransaction,
  type Session,
  type Store,
} from "../../../src/core/store/index.js";
import { sessionCreated } from "../../helpers/events.js";
import { openTestStore } from "../store/store-fixture.js";

const RECORDS = { usage: () => Promise.resolve({ records: [], cursor: "", source: "test" }) };
const RECORDS_NOTHING = {};

function session(store: Store, id: string, agent: string): Session {
  writeTransaction(store, (tx) =>
    insertSession(
      tx,
      { id, project: "app", branch: `b-${id}`, worktree: `/w/${id}`, runtime: "r", agent, status: "working" },
      sessionCreated({ agent }),
    ),
  );
  return getSession(store, id)!;
}

/** Just what the budget gate reads of a configuration: one project's budget. */
function configWith(budget: BudgetConfig): AoConfig {
  return { projects: { app: { id: "app", budget } } } as unknown as AoConfig;
}

function unpricedUsage(store: Store, sessionId: string, at: number): void {
  writeTransaction(store, (tx) =>
    recordUsage(tx, { sessionId, project: "app", agent: "a", cursor: "1" }, "test", [
      {
        key: "r-1",
        at,
        model: "no-such-model",
        tokens: { input: 10, output: 5, cacheRead: 0, cacheWrite: 0, cacheWrite1h: 0 },
        usd: null,
      },
    ]),
  );
}

describe("budgetGaps: the budgets ao cannot enforce", () => {
  it("names every line in force for a session whose agent records no usage, none for one that does", async () => {
    const { store, clock } = openTestStore();
    const quiet = session(store, "app-1", "quiet");
    const counted = session(store, "app-2", "counted");
    const config = configWith({
      session: { maxCostUsd: 1, per: "session" },
      project: { maxTokens: 1000, per: "day" },
    });
    const agentOf = (s: Session) => Promise.resolve(s.agent === "quiet" ? RECORDS_NOTHING : RECORDS);
    const gaps = await budgetGaps(store, config, [quiet, counted], agentOf, clock.now());
    expect(gaps).toEqual([
      {
        sessionId: "app-1",
        project: "app",
        agent: "quiet",
        scope: "session",
        why: "budget.session.maxCostUsd: the agent quiet records no usage, so its cost and tokens are unknown",
      },
      {
        sessionId: "app-1",
        project: "app",
        agent: "quiet",
        scope: "project",
        why: "budget.project.maxTokens: the agent quiet records no usage, so its cost and tokens are unknown",
      },
    ]);
  });

  it("a money line over unpriced records is not enforceable; a token line over them is", async () => {
    const { store, clock } = openTestStore();
    const s = session(store, "app-1", "counted");
    unpricedUsage(store, "app-1", clock.now());
    const money = await budgetGaps(
      store,
      configWith({ session: { maxCostUsd: 1, per: "session" } }),
      [s],
      () => Promise.resolve(RECORDS),
      clock.now(),
    );
    expect(money.map((gap) => gap.why)).toEqual([
      "budget.session.maxCostUsd 1: the agent's cost is unknown (no record of its spend has a price)",
    ]);
    const tokens = await budgetGaps(
      store,
      configWith({ session: { maxTokens: 100, per: "session" } }),
      [s],
      () => Promise.resolve(RECORDS),
      clock.now(),
    );
    expect(tokens).toEqual([]);
  });

  it("no budget, or no configuration: nothing to report", async () => {
    const { store, clock } = openTestStore();
    const s = session(store, "app-1", "quiet");
    expect(
      await budgetGaps(store, configWith({}), [s], () => Promise.resolve(RECORDS_NOTHING), clock.now()),
    ).toEqual([]);
    expect(
      await budgetGaps(store, undefined, [s], () => Promise.resolve(RECORDS_NOTHING), clock.now()),
    ).toEqual([]);
  });
});
