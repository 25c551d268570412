import { describe, expect, it } from "vitest";
import { listEvents, recordUsage, writeTransaction } from "../../../src/core/store/index.js";
import { makeLifecycleFixture, type LifecycleFixture } from "./lifecycle-fixture.js";

const LINT_FAILS = { state: "failing" as const, failing: [{ name: "lint", logTail: "error: x is unused" }] };
const BUDGET_OF = (usd: number) => `budget:\n  session: { maxCostUsd: ${usd}, per: session }`;

/** What the cost step would have stored: one priced record of `usd` for the session. */
async function spent(f: LifecycleFixture, sessionId: string, usd: number): Promise<void> {
  const engine = await f.engine();
  writeTransaction(engine.store, (tx) =>
    recordUsage(tx, { sessionId, project: "app", agent: "fake", cursor: "0" }, "test", [
      {
        key: "r-1",
        at: f.clock.now(),
        model: "claude-sonnet-4-5",
        tokens: { input: 1000, output: 500, cacheRead: 0, cacheWrite: 0, cacheWrite1h: 0 },
        usd,
      },
    ]),
  );
}

/** A session with a PR whose CI fails, $2 spent against a $1 budget. */
async function overBudget(): Promise<{ f: LifecycleFixture; id: string }> {
  const f = makeLifecycleFixture();
  f.writeConfig(BUDGET_OF(1));
  const session = await f.addSession({ withPr: true });
  await spent(f, session.id, 2);
  f.scm.setCi(1, LINT_FAILS);
  return { f, id: session.id };
}

describe("a session over its budget (issue 14)", () => {
  it("gets no reaction turn, keeps its attempt, goes over_budget and a person is told once", async () => {
    const { f, id } = await overBudget();
    await f.cycle();
    f.clock.advance(60_000);
    await f.cycle();
    expect(f.turns(id)).toEqual([]);
    expect(f.transcript(id)).toEqual([]);
    const [reaction] = f.reactions(id);
    expect(reaction).toMatchObject({ status: "pending", attempts: 0 });
    expect(f.session(id)).toMatchObject({ status: "over_budget" });
    const told = f.notifier.forSession(id).filter((n) => n.title.includes("over its budget"));
    expect(told).toHaveLength(1);
    expect(told[0]?.body).toContain("$2.00 of $1.00");
    expect(f.eventTypes(id).filter((type) => type === "budget.exceeded")).toHaveLength(1);
  });

  it("resumes once the budget is raised in the file: the next cycle gives the reaction's turn", async () => {
    const { f, id } = await overBudget();
    await f.cycle();
    expect(f.turns(id)).toEqual([]);
    f.writeConfig(BUDGET_OF(10));
    f.clock.advance(60_000);
    await f.cycle();
    expect(f.eventTypes(id)).toContain("budget.cleared");
    expect(f.turns(id)).toMatchObject([{ origin: "reaction", status: "running" }]);
    expect(f.transcript(id)).toHaveLength(1);
    expect(f.transcript(id)[0]).toContain("lint");
    expect(f.session(id).status).not.toBe("over_budget");
    expect(listEvents((await f.engine()).store, { type: "reaction.delivered" })).toHaveLength(1);
  });
});
