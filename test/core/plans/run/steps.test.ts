import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { approvePlan } from "../../../../src/core/plans/run/approve-plan.js";
import { requireSession } from "../../../../src/core/store/index.js";
import { runGit } from "../../../helpers/git-repo.js";
import { DIAMOND, makePlanFixture, type PlanFixture } from "./plan-fixture.js";

const RESEARCHED = { ...DIAMOND, research: { role: "dev", body: "Read the code around exports." } };

/** What a worker does to finish by merging: a real commit on its branch, which the lifecycle proposes. */
async function commitIn(f: PlanFixture, sessionId: string): Promise<void> {
  const worktree = requireSession((await f.engine()).store, sessionId).worktree;
  writeFileSync(join(worktree, "design.md"), "# The export\n");
  runGit(worktree, ["add", "design.md"]);
  runGit(worktree, ["commit", "-m", "design the export"]);
  f.scm.commit(worktree);
}

describe("a plan's steps", () => {
  it("feed the research to every ticket, name the discussion, and take a merged PR as done", async () => {
    const f = makePlanFixture();
    await f.propose("plan-1", RESEARCHED);
    await approvePlan(f.ctx, "plan-1", 1, { by: "ada", configPath: f.configPath });
    const discussion = join(f.ctx.paths.home, "plans", "plan-1", "discussion.md");

    await f.cycle();
    expect(f.tickets("plan-1").map((t) => [t.ticketId, t.state])).toEqual([
      ["research", "running"],
      ["A", "pending"],
      ["B", "pending"],
      ["C", "pending"],
      ["synthesis", "pending"],
    ]);
    await f.report(f.ticket("plan-1", "research").sessionId!, "Exports live in src/export/.");
    await f.cycle();
    const a = f.ticket("plan-1", "A").sessionId!;
    expect(f.promptOf(a)).toContain("Exports live in src/export/.");
    expect(f.promptOf(a)).toContain(discussion);

    // A hands nothing on by orch_report: its pull request is merged instead.
    await commitIn(f, a);
    await f.cycle(); // the lifecycle opens the PR for A's commit
    f.scm.close(1, "merged");
    await f.cycle();
    await f.cycle();
    expect(f.ticket("plan-1", "A")).toMatchObject({ state: "done", output: { merged: true } });
    const [b, c] = [f.ticket("plan-1", "B"), f.ticket("plan-1", "C")];
    expect([b.state, c.state]).toEqual(["running", "running"]);
    for (const step of [b, c]) {
      expect(f.promptOf(step.sessionId!)).toContain("Exports live in src/export/.");
      expect(f.promptOf(step.sessionId!)).toContain(discussion);
      expect(f.promptOf(step.sessionId!)).toContain('"merged": true');
    }
  });

  it("fail the plan with the reason when one ends without handing on, leaving the parent open", async () => {
    const f = makePlanFixture();
    await f.propose("plan-1", DIAMOND);
    await approvePlan(f.ctx, "plan-1", 1, { by: "ada", configPath: f.configPath });
    await f.cycle();
    await f.report(f.ticket("plan-1", "A").sessionId!, '{"files":["a.ts"]}');
    await f.cycle();
    // C's agent exits without handing anything on: the step fails, and with it the plan.
    const c = f.ticket("plan-1", "C");
    f.runtime.exit(f.runtime.processOf(c.sessionId!)!.handle, 1);
    for (let i = 0; i < 4 && f.plan("plan-1").status !== "failed"; i += 1) await f.cycle();
    expect(f.ticket("plan-1", "C")).toMatchObject({ state: "failed" });
    const plan = f.plan("plan-1");
    expect(plan.status).toBe("failed");
    expect(plan.reason).toMatch(
      /^step C failed: its session .* ended \(exited\) without handing on its output$/,
    );
    expect(f.ticket("plan-1", "synthesis").state).toBe("cancelled");
    const parent = plan.parentRef!;
    expect(f.tracker.issues.get(parent)?.state).toBe("open"); // left open for a person to look at
    expect(f.tracker.comments.get(parent)).toEqual([`Plan plan-1 failed: ${plan.reason ?? ""}`]);
  });
});
