import { describe, expect, it } from "vitest";
import { approvePlan } from "../../../../src/core/plans/run/approve-plan.js";
import { listEvents } from "../../../../src/core/store/index.js";
import { DIAMOND, makePlanFixture, type PlanFixture } from "./plan-fixture.js";

async function approved(f: PlanFixture): Promise<void> {
  await f.propose("plan-1", DIAMOND);
  await approvePlan(f.ctx, "plan-1", 1, { by: "ada", configPath: f.configPath });
}

describe("a diamond plan run by the daemon with fake agents", () => {
  it("runs A, then B and C in parallel, then the synthesis with both outputs; the parent ticket ends done", async () => {
    const f = makePlanFixture();
    await approved(f);
    expect(f.plan("plan-1").status).toBe("executing");
    const parent = f.plan("plan-1").parentRef!;
    expect(f.tracker.issues.get(parent)?.title).toBe("Plan plan-1: Ship the export feature end to end");

    await f.cycle();
    expect(f.tickets("plan-1").map((t) => [t.ticketId, t.state])).toEqual([
      ["A", "running"],
      ["B", "pending"],
      ["C", "pending"],
      ["synthesis", "pending"],
    ]);
    const a = f.ticket("plan-1", "A").sessionId!;
    expect(f.promptOf(a)).toContain("orch_report");
    await f.report(a, '```json\n{"files":["design.md"]}\n```');

    await f.cycle();
    const b = f.ticket("plan-1", "B");
    const c = f.ticket("plan-1", "C");
    expect([f.ticket("plan-1", "A").state, b.state, c.state]).toEqual(["done", "running", "running"]);
    expect(f.promptOf(b.sessionId!)).toContain('"design.md"');
    expect(f.promptOf(c.sessionId!)).toContain('"design.md"');
    expect(f.runtime.processes.size).toBe(3); // B and C run at the same time, A still open
    const store = (await f.engine()).store;
    const baseOf = (id: string) =>
      listEvents(store, { sessionId: id, type: "session.spawn_step" }).find(
        (e) => e.payload["step"] === "workspace",
      )?.payload["base"];
    expect(String(baseOf(b.sessionId!))).toContain("plan/plan-1/A"); // B starts from A's branch, as the plan says
    expect(String(baseOf(c.sessionId!))).not.toContain("plan/plan-1/A");

    await f.report(b.sessionId!, '{"files":["csv.ts"]}');
    await f.cycle();
    expect(f.ticket("plan-1", "synthesis").state).toBe("pending"); // C is not done yet
    await f.report(c.sessionId!, '{"files":["json.ts"]}');
    await f.cycle();
    const synthesis = f.ticket("plan-1", "synthesis");
    expect(synthesis.state).toBe("running");
    expect(f.plan("plan-1").status).toBe("synthesizing");
    const prompt = f.promptOf(synthesis.sessionId!);
    expect(prompt).toContain('"csv.ts"');
    expect(prompt).toContain('"json.ts"');
    expect(prompt).toContain("Write plainly."); // the hired role's rules
    expect(f.agent.launches.find((l) => l.sessionId === synthesis.sessionId)?.model).toBe("small");

    await f.report(synthesis.sessionId!, "Release note: CSV and JSON exports.");
    await f.cycle();
    expect(f.plan("plan-1")).toMatchObject({
      status: "completed",
      deliverable: "Release note: CSV and JSON exports.",
    });
    expect(f.tracker.issues.get(parent)?.state).toBe("closed");
    expect(f.tracker.comments.get(parent)?.[0]).toContain("Release note: CSV and JSON exports.");
    const statuses = listEvents((await f.engine()).store, { type: "plan.status" }).map(
      (e) => e.payload["to"],
    );
    expect(statuses).toEqual(["approved", "executing", "synthesizing", "completed"]);
  });
});
