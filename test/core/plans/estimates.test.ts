import { describe, expect, it } from "vitest";
import { estimatePlan, quartiles } from "../../../src/core/plans/estimate-plan.js";
import { parseProposal } from "../../../src/core/plans/parse-proposal.js";
import { proposePlan } from "../../../src/core/plans/propose-plan.js";
import { roleRuns, type RoleRun } from "../../../src/core/plans/role-runs.js";
import { insertSession, recordUsage, writeTransaction, type Store } from "../../../src/core/store/index.js";
import { sessionCreated } from "../../helpers/events.js";
import { openTestStore, type ManualClock } from "../store/store-fixture.js";
import { diamondProposal } from "./plan-fixture.js";

const MINUTE = 60_000;

/** A finished run of `role` in an earlier plan: a session that lasted `minutes` and cost `usd`. */
function recordRun(
  store: Store,
  clock: ManualClock,
  run: { id: string; role: string; minutes: number; usd: number | null },
) {
  const plan = proposePlan(store, {
    project: "app",
    proposal: parseProposal(diamondProposal()),
    author: "person",
  }).plan;
  writeTransaction(store, (tx) => {
    const session = {
      id: run.id,
      project: "app",
      branch: `b-${run.id}`,
      worktree: `/w/${run.id}`,
      runtime: "r",
      agent: "a",
      status: "working" as const,
    };
    insertSession(tx, session, sessionCreated({ agent: "a" }));
    const started = clock.now();
    clock.advance(run.minutes * MINUTE);
    tx.db.prepare("UPDATE sessions SET ended_at = ?, status = 'done' WHERE id = ?").run(clock.now(), run.id);
    tx.db
      .prepare(
        "INSERT INTO plan_tickets (plan_id, ticket_id, kind, position, status, session_id, role, started_at, ended_at) VALUES (?, 'A', 'ticket', 0, 'done', ?, ?, ?, ?)",
      )
      .run(plan.id, run.id, run.role, started, clock.now());
    const tokens = { input: 10, output: 10, cacheRead: 0, cacheWrite: 0, cacheWrite1h: 0 };
    recordUsage(tx, { sessionId: run.id, project: "app", agent: "a", cursor: "c" }, "test", [
      { key: `${run.id}-1`, at: started + 1, model: "m", tokens, usd: run.usd },
    ]);
  });
}

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
    const { store, clock } = openTestStore();
    for (const [index, minutes] of [10, 20, 30, 40, 50].entries())
      recordRun(store, clock, { id: `dev-${index}`, role: "dev", minutes, usd: minutes / 10 });
    recordRun(store, clock, { id: "other", role: "qa", minutes: 999, usd: 99 });
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
    const proposal = parseProposal({
      ...diamondProposal(),
      roles: { quick: { kind: "existing", agent: "a" }, slow: { kind: "existing", agent: "a" } },
      tickets: [
        { id: "A", title: "a", body: "a", role: "quick" },
        { id: "B", title: "b", body: "b", role: "quick", dependsOn: ["A"] },
        { id: "C", title: "c", body: "c", role: "quick", dependsOn: ["B"] },
        { id: "D", title: "d", body: "d", role: "quick", dependsOn: ["C"], refs: ["src/d.ts"] },
        { id: "E", title: "e", body: "e", role: "quick" },
        { id: "F", title: "f", body: "f", role: "slow", dependsOn: ["E"] },
      ],
      synthesis: { role: "quick", body: "sum up" },
    });
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
