import { describe, expect, it } from "vitest";
import { estimatePlan, quartiles } from "../../../src/core/plans/estimate-plan.js";
import { parseProposal } from "../../../src/core/plans/parse-proposal.js";
import { roleRuns, type RoleRun } from "../../../src/core/plans/role-runs.js";
import { openTestStore } from "../store/store-fixture.js";
import { diamondProposal } from "./plan-fixture.js";
import { longAndSlowProposal, MINUTE, recordRoleRuns } from "./role-run-fixture.js";

describe("plan estimates", () => {
  it("are unknown with no history: sampleSize 0, null ranges, totals partial", () => {
    const { store } = openTestStore();
    const proposal = parseProposal(diamondProposal());
    const estimate = estimatePlan(proposal, (role) => roleRuns(store, "app", role));
    expect(estimate.tickets.map((t) => [t.ticket, t.sampleSize, t.costUsd, t.durationMs, t.impact])).toEqual([
      ["A", 0, null, null, null],
      ["B", 0, null, null, null],
      ["C", 0, null, null, null],
    ]);
    expect(estimate.cost).toEqual({ usd: null, partial: true, estimable: 0 });
    expect(estimate.duration).toMatchObject({ ms: null, partial: true });
  });

  it("give p25–p75 of cost and duration from the role's completed runs", () => {
    const { store } = openTestStore();
    recordRoleRuns(store, "app", [
      ...[10, 20, 30, 40, 50].map((minutes, index) => ({
        id: `dev-${index}`,
        role: "dev",
        minutes,
        usd: minutes / 10,
      })),
      { id: "other", role: "qa", minutes: 999, usd: 99 },
    ]);
    const proposal = parseProposal(diamondProposal());
    const estimate = estimatePlan(proposal, (role) => roleRuns(store, "app", role));
    const a = estimate.tickets[0]!;
    expect(a).toMatchObject({
      sampleSize: 5,
      costUsd: { p25: 2, p75: 4 },
      durationMs: { p25: 20 * MINUTE, p75: 40 * MINUTE },
    });
    expect(estimate.tickets[2]).toMatchObject({ role: "writer", sampleSize: 0, costUsd: null });
    expect(estimate.cost).toEqual({ usd: { p25: 4, p75: 8 }, partial: true, estimable: 2 });
    expect(estimate.duration).toMatchObject({
      path: ["A", "B"],
      ms: { p25: 40 * MINUTE, p75: 80 * MINUTE },
      partial: true,
    });
    expect(estimate.duration.label).toMatch(/sum of per-ticket p25 and p75 along the critical path/);
  });

  it("follows the longest path through the DAG, not the one with the most tickets", () => {
    // A → B → C → D (three short hops) beside E → F (one long one); both end in the synthesis.
    const proposal = longAndSlowProposal();
    const runs: Record<string, RoleRun[]> = {
      quick: [{ sessionId: "q", usd: 1, durationMs: 10 * MINUTE }],
      slow: [{ sessionId: "s", usd: 5, durationMs: 100 * MINUTE }],
    };
    const estimate = estimatePlan(proposal, (role) => runs[role] ?? []);
    expect(estimate.duration).toMatchObject({
      path: ["E", "F"],
      ms: { p25: 110 * MINUTE, p75: 110 * MINUTE },
      partial: false,
    });
    expect(estimate.cost).toEqual({ usd: { p25: 10, p75: 10 }, partial: false, estimable: 6 });
    expect(estimate.tickets.find((t) => t.ticket === "D")?.impact).toEqual(["src/d.ts"]);
  });

  it("interpolates quartiles between order statistics", () => {
    expect(quartiles([])).toBeNull();
    expect(quartiles([7])).toEqual({ p25: 7, p75: 7 });
    expect(quartiles([4, 1, 3, 2])).toEqual({ p25: 1.75, p75: 3.25 });
  });
});
