import { describe, expect, it } from "vitest";
import { approvePlan } from "../../../../src/core/plans/run/approve-plan.js";
import { listEvents, recordUsage, writeTransaction } from "../../../../src/core/store/index.js";
import { DIAMOND, makePlanFixture, type PlanFixture } from "./plan-fixture.js";

/** What the cost step would have stored for a step's session: one priced record of `usd`. */
async function spent(f: PlanFixture, step: string, usd: number): Promise<void> {
  const sessionId = f.ticket("plan-1", step).sessionId!;
  writeTransaction((await f.engine()).store, (tx) =>
    recordUsage(tx, { sessionId, project: "app", agent: "fake", cursor: "0" }, "test", [
      {
        key: `r-${step}`,
        at: f.clock.now(),
        model: "claude-sonnet-4-5",
        tokens: { input: 1000, output: 500, cacheRead: 0, cacheWrite: 0, cacheWrite1h: 0 },
        usd,
      },
    ]),
  );
}

describe("a plan's budget", () => {
  it("starts steps while the recorded cost is below it, none once it is reached, and tells a person once", async () => {
    const f = makePlanFixture();
    await f.propose("plan-1", { ...DIAMOND, budget: { usd: 1 } });
    await approvePlan(f.ctx, "plan-1", 1, { by: "ada", configPath: f.configPath });
    await f.cycle();
    await spent(f, "A", 0.6);
    await f.report(f.ticket("plan-1", "A").sessionId!, '{"files":["a.ts"]}');
    await f.cycle();
    expect([f.ticket("plan-1", "B").state, f.ticket("plan-1", "C").state]).toEqual(["running", "running"]);

    await spent(f, "B", 0.5); // $1.10 of $1
    await f.report(f.ticket("plan-1", "B").sessionId!, '{"files":["b.ts"]}');
    await f.report(f.ticket("plan-1", "C").sessionId!, '{"files":["c.ts"]}');
    await f.cycle();
    await f.cycle();
    expect(f.ticket("plan-1", "synthesis").state).toBe("pending");
    expect(f.plan("plan-1").status).toBe("executing");
    const store = (await f.engine()).store;
    const reached = listEvents(store, { type: "plan.budget_reached" });
    expect(reached.map((e) => e.payload)).toEqual([
      { planId: "plan-1", spentUsd: 1.1, budgetUsd: 1, held: ["synthesis"] },
    ]);
    const told = f.notifier.sent.filter((n) => n.title === "Plan plan-1 reached its budget");
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ priority: "action", nextCommand: "ao plan show plan-1" });
    expect(told[0]!.body).toContain("$1.10 of $1.00; synthesis will not start");
  });
});
