import { describe, expect, it } from "vitest";
import { approvePlan } from "../../../../src/core/plans/run/approve-plan.js";
import { cancelPlan } from "../../../../src/core/lifecycle/cancel-plan.js";
import { listEvents, listHires, listSessions, planSteps } from "../../../../src/core/store/index.js";
import { DIAMOND, makePlanFixture } from "./plan-fixture.js";

const crash = (at: string) => (step: string) => {
  // What a kill -9 right after this step leaves: every step before it recorded, none after.
  if (step === at) throw new Error(`crash after ${step}`);
};

describe("approval interrupted between steps", () => {
  it("resumes where it stopped: the hire is not made twice, the parent ticket not filed twice", async () => {
    const f = makePlanFixture();
    const proposal = {
      ...DIAMOND,
      roles: { ...DIAMOND.roles, reviewer: { kind: "hire" as const, agent: "fake" } },
    };
    await f.propose("plan-1", proposal);
    await expect(
      approvePlan(f.ctx, "plan-1", 1, {
        by: "ada",
        configPath: f.configPath,
        afterStep: crash("hire:writer"),
      }),
    ).rejects.toThrow("crash after hire:writer");
    const store = (await f.engine()).store;
    expect([...planSteps(store, "plan-1").keys()]).toEqual(["commander", "hire:writer"]);
    const first = listHires(store, "plan-1");
    expect(first.map((h) => h.role)).toEqual(["writer"]);

    // A second crash later on, right after the parent ticket was filed and recorded.
    await expect(
      approvePlan(f.ctx, "plan-1", 1, { by: "ada", configPath: f.configPath, afterStep: crash("parent") }),
    ).rejects.toThrow("crash after parent");
    expect(f.plan("plan-1").status).toBe("approved");

    // The daemon finishes it.
    await f.restart();
    await f.cycle();
    const hires = listHires((await f.engine()).store, "plan-1");
    expect(hires.map((h) => [h.role, h.id])).toEqual([
      ["writer", first[0]!.id],
      ["reviewer", hires[1]!.id],
    ]);
    expect(new Set(hires.map((h) => h.id)).size).toBe(2);
    expect(f.plan("plan-1").status).toBe("executing");
    expect([...f.tracker.issues.values()].filter((i) => i.title.startsWith("Plan plan-1"))).toHaveLength(1);
    const steps = listEvents((await f.engine()).store, { type: "plan.step" }).map((e) => e.payload["step"]);
    expect(steps.filter((s) => s === "hire:writer")).toHaveLength(1);
  });
});

describe("cancel in the middle of a run", () => {
  it("stops every live session of the plan, cancels what had not run, and tells the parent ticket", async () => {
    const f = makePlanFixture();
    await f.propose("plan-1", DIAMOND);
    await approvePlan(f.ctx, "plan-1", 1, { by: "ada", configPath: f.configPath });
    await f.cycle();
    await f.report(f.ticket("plan-1", "A").sessionId!, '{"files":["a.ts"]}');
    await f.cycle();
    expect(f.tickets("plan-1").filter((t) => t.state === "running")).toHaveLength(2);

    const result = await cancelPlan(f.ctx, "plan-1", { by: "ada", configPath: f.configPath });
    expect(result.stopped.sort()).toEqual(
      [
        f.ticket("plan-1", "A").sessionId,
        f.ticket("plan-1", "B").sessionId,
        f.ticket("plan-1", "C").sessionId,
      ].sort(),
    );
    expect([...f.runtime.processes.values()].filter((p) => p.state === "alive")).toEqual([]);
    const sessions = listSessions((await f.engine()).store, { project: "app" });
    expect(sessions.map((s) => s.status)).toEqual(["killed", "killed", "killed"]);
    expect(f.tickets("plan-1").map((t) => t.state)).toEqual(["done", "cancelled", "cancelled", "cancelled"]);
    expect(f.plan("plan-1")).toMatchObject({ status: "cancelled", reason: "cancelled by ada" });
    const parent = f.plan("plan-1").parentRef!;
    expect(f.tracker.comments.get(parent)).toEqual(["Plan plan-1 cancelled: cancelled by ada"]);

    await f.cycle(); // the daemon starts nothing for a cancelled plan
    expect(f.runtime.processes.size).toBe(3);
    await expect(cancelPlan(f.ctx, "plan-1", { by: "ada", configPath: f.configPath })).rejects.toThrow(
      "plan plan-1 is already cancelled",
    );
  });
});

describe("a daemon restart in the middle of a plan", () => {
  it("continues from the store and finishes the plan", async () => {
    const f = makePlanFixture();
    await f.propose("plan-1", DIAMOND);
    await approvePlan(f.ctx, "plan-1", 1, { by: "ada", configPath: f.configPath });
    await f.cycle();
    await f.report(f.ticket("plan-1", "A").sessionId!, '{"files":["a.ts"]}');
    await f.cycle();
    await f.report(f.ticket("plan-1", "B").sessionId!, '{"files":["b.ts"]}');

    await f.restart(); // B reported while no daemon ran
    await f.cycle();
    expect(f.ticket("plan-1", "B").state).toBe("done");
    await f.report(f.ticket("plan-1", "C").sessionId!, '{"files":["c.ts"]}');
    await f.restart();
    await f.cycle();
    const synthesis = f.ticket("plan-1", "synthesis").sessionId!;
    await f.restart();
    await f.report(synthesis, "The deliverable.");
    await f.cycle();
    expect(f.plan("plan-1")).toMatchObject({ status: "completed", deliverable: "The deliverable." });
    expect(f.runtime.processes.size).toBe(4); // one session per step: nothing started twice
  });
});
