import { describe, expect, it } from "vitest";
import { approvePlan } from "../../../../src/core/plans/run/approve-plan.js";
import { cancelPlan } from "../../../../src/core/lifecycle/cancel-plan.js";
import { makeGitHubTracker, REPO, startGitHubIssues } from "../../../plugins/tracker/github-fixture.js";
import { makeLinearTracker, startLinear } from "../../../plugins/tracker/linear-fixture.js";
import { DIAMOND, makePlanFixture, type PlanFixture } from "./plan-fixture.js";

/** Approves plan-1 and has every step's worker hand on its output, cycle by cycle, to the end. */
async function runToCompletion(f: PlanFixture): Promise<void> {
  await f.propose("plan-1", DIAMOND);
  await approvePlan(f.ctx, "plan-1", 1, { by: "ada", configPath: f.configPath });
  for (const wave of [["A"], ["B", "C"], ["synthesis"]]) {
    await f.cycle();
    for (const step of wave) {
      const text = step === "synthesis" ? "Release note: CSV and JSON." : `{"files":["${step}.ts"]}`;
      await f.report(f.ticket("plan-1", step).sessionId!, text);
    }
  }
  await f.cycle();
}

describe("a plan's parent ticket in a hosted tracker", () => {
  it("with tracker/github: filed at approval, closed as completed with the deliverable posted", async () => {
    const github = await startGitHubIssues();
    const f = makePlanFixture({ tracker: makeGitHubTracker(github) });
    await runToCompletion(f);
    expect(f.plan("plan-1").status).toBe("completed");
    const issue = github.issues.find(REPO, Number(f.plan("plan-1").parentRef))!;
    expect(issue).toMatchObject({
      title: "Plan plan-1: Ship the export feature end to end",
      labels: ["ao-plan"],
      state: "closed",
      stateReason: "completed",
    });
    expect(issue.body).toContain("- [ ] B: Build the CSV export");
    expect(issue.comments.map((comment) => comment.body)).toEqual([
      "Plan plan-1 completed. The deliverable:\n\nRelease note: CSV and JSON.",
    ]);
    expect(f.plan("plan-1").parentUrl).toBe(`https://github.invalid/${REPO}/issues/${String(issue.number)}`);
  });

  it("with tracker/linear: a cancelled plan's parent moves to Canceled with the reason", async () => {
    const linear = await startLinear();
    const f = makePlanFixture({ tracker: makeLinearTracker(linear, { team: "ENG" }) });
    await f.propose("plan-1", DIAMOND);
    await approvePlan(f.ctx, "plan-1", 1, { by: "ada", configPath: f.configPath });
    await f.cycle();
    const parent = linear.issue(f.plan("plan-1").parentRef!);
    expect([parent.title, parent.labels, linear.stateName(parent)]).toEqual([
      "Plan plan-1: Ship the export feature end to end",
      ["ao-plan"],
      "Todo",
    ]);
    await cancelPlan(f.ctx, "plan-1", { by: "ada", configPath: f.configPath });
    expect(linear.stateName(parent)).toBe("Canceled");
    expect(parent.comments).toEqual(["Plan plan-1 cancelled: cancelled by ada"]);
  });
});
