import { describe, expect, it } from "vitest";
import { rejectPlan } from "../../../../src/core/lifecycle/index.js";
import { approvePlan } from "../../../../src/core/plans/run/approve-plan.js";
import { listEvents } from "../../../../src/core/store/index.js";
import { DIAMOND, makePlanFixture } from "./plan-fixture.js";

describe("rejecting a proposed plan", () => {
  it("cancels it with the person's reason, records plan.rejected, and nothing of it runs", async () => {
    const f = makePlanFixture();
    await f.propose("plan-1", DIAMOND);
    const options = { by: "ada", configPath: f.configPath };

    await expect(
      rejectPlan(f.ctx, "plan-1", { ...options, revision: 1, reason: "  " }),
    ).rejects.toMatchObject({
      code: "E_USAGE",
    });
    await expect(
      rejectPlan(f.ctx, "plan-1", { ...options, revision: 2, reason: "no" }),
    ).rejects.toMatchObject({
      code: "E_PLAN_MOVED_ON",
    });
    await expect(
      rejectPlan(f.ctx, "plan-9", { ...options, revision: 1, reason: "no" }),
    ).rejects.toMatchObject({
      code: "E_NOT_FOUND",
    });
    expect(f.plan("plan-1").status).toBe("proposed");

    const plan = await rejectPlan(f.ctx, "plan-1", {
      ...options,
      revision: 1,
      reason: "split C in two first",
    });
    expect(plan).toMatchObject({ status: "cancelled", reason: "rejected: split C in two first" });
    const store = (await f.engine()).store;
    const rejected = listEvents(store, { type: "plan.rejected" });
    expect(rejected.map((event) => event.payload)).toEqual([
      { planId: "plan-1", revision: 1, by: "ada", reason: "split C in two first" },
    ]);
    const status = listEvents(store, { type: "plan.status" }).at(-1);
    expect(status?.payload).toMatchObject({ from: "proposed", to: "cancelled", by: "ada" });

    await f.cycle();
    expect(f.runtime.processes.size).toBe(0);
    await expect(approvePlan(f.ctx, "plan-1", 1, options)).rejects.toMatchObject({ code: "E_PLAN_STATE" });
    await expect(
      rejectPlan(f.ctx, "plan-1", { ...options, revision: 1, reason: "again" }),
    ).rejects.toMatchObject({
      code: "E_PLAN_STATE",
    });
  });
});
