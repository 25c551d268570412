import { describe, expect, it } from "vitest";
import { proposePlan } from "../../../../src/core/plans/propose-plan.js";
import { readPlanCard } from "../../../../src/core/plans/run/plan-card.js";
import type { Store } from "../../../../src/core/store/index.js";
import { openTestStore } from "../../store/store-fixture.js";
import { longAndSlowProposal, MINUTE, recordRoleRuns } from "../role-run-fixture.js";

/** A → B → C → D (four quick hops) beside E → F (a slow one): the longest by time has fewer steps. */
function proposeLongAndSlow(store: Store): string {
  const proposal = longAndSlowProposal();
  return proposePlan(store, { project: "app", proposal, author: "person", parentIssue: "12" }).plan.id;
}

describe("the plan card", () => {
  it("marks the longest chain by step count, all estimates unknown, with no history", () => {
    const { store } = openTestStore();
    const card = readPlanCard(store, proposeLongAndSlow(store))!;
    expect(card).toMatchObject({ criticalPathBy: "steps", parent: { ref: "12", url: null }, held: null });
    expect(card.criticalPath).toEqual(["A", "B", "C", "D", "synthesis"]);
    const a = card.steps.find((step) => step.id === "A")!;
    expect(a.estimate).toMatchObject({ sampleSize: 0, costUsd: null, durationMs: null, impact: null });
    expect(card.steps.find((step) => step.id === "D")!.estimate!.impact).toEqual(["src/d.ts"]);
    expect(card.steps.find((step) => step.id === "synthesis")!.estimate).toBeNull();
    expect(card.estimate.cost).toEqual({ usd: null, partial: true, estimable: 0 });
    expect(card.estimate.duration).toMatchObject({ ms: null, partial: true });
  });

  it("marks the critical path by duration once the roles have runs: not the chain with most steps", () => {
    const { store } = openTestStore();
    recordRoleRuns(store, "app", [
      { id: "q1", role: "quick", minutes: 10, usd: 1 },
      { id: "q2", role: "quick", minutes: 20, usd: 3 },
      { id: "s1", role: "slow", minutes: 100, usd: 5 },
    ]);
    const card = readPlanCard(store, proposeLongAndSlow(store))!;
    expect(card.criticalPathBy).toBe("duration");
    expect(card.criticalPath).toEqual(["E", "F", "synthesis"]);
    expect(card.steps.filter((step) => step.critical).map((step) => step.id)).toEqual([
      "E",
      "F",
      "synthesis",
    ]);
    expect(card.estimate.duration).toMatchObject({
      path: ["E", "F"],
      ms: { p25: 112.5 * MINUTE, p75: 117.5 * MINUTE },
      partial: false,
    });
    expect(card.estimate.duration.label).toContain("not a quantile of the total");
    expect(card.steps.find((step) => step.id === "B")!.estimate).toMatchObject({
      sampleSize: 2,
      costUsd: { p25: 1.5, p75: 2.5 },
      durationMs: { p25: 12.5 * MINUTE, p75: 17.5 * MINUTE },
    });
    expect(card.estimate.cost).toEqual({ usd: { p25: 12.5, p75: 17.5 }, partial: false, estimable: 6 });
  });
});
