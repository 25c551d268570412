import { describe, expect, it } from "vitest";
import { proposePlan } from "../../../src/core/plans/propose-plan.js";
import { proposalSchema } from "../../../src/core/plans/types.js";
import {
  insertSpawnTurn,
  recordObservation,
  updateSession,
  writeTransaction,
  type Store,
} from "../../../src/core/store/index.js";
import type { PlanListAnswer } from "../../../src/web/api/plan-types.js";
import type { FleetView } from "../../../src/web/api/types.js";
import { DIAMOND } from "../../core/plans/run/plan-fixture.js";
import { statusChanged } from "../../helpers/events.js";
import { addSession } from "../../core/daemon/daemon-fixture.js";
import { startDashboard } from "./dashboard-world.js";

const spawnTurn = (sessionId: string) => ({ sessionId, sha256: "0".repeat(64), bytes: 12, cursor: "0" });

/**
 * app-1 works on its task (the spawn's turn) and ao never read its activity (a `command` agent);
 * app-2 was killed while its agent last said "working" and its task's turn never closed; app-3's
 * pull request is open. Plus one proposed plan of 3 tickets and a synthesis.
 */
function world(store: Store): void {
  for (const id of ["app-1", "app-2", "app-3"]) addSession(store, id);
  writeTransaction(store, (tx) => {
    insertSpawnTurn(tx, spawnTurn("app-1"));
    insertSpawnTurn(tx, spawnTurn("app-2"));
    recordObservation(tx, "app-2", { activity: "working" });
    updateSession(
      tx,
      "app-2",
      { status: "killed", reason: "killed" },
      statusChanged("working", "killed", "killed"),
    );
    updateSession(
      tx,
      "app-3",
      { status: "pr_open", reason: "pr_open" },
      statusChanged("working", "pr_open", "pr_open"),
    );
  });
  const roles = {
    dev: { kind: "existing" as const, agent: "claude-code" },
    writer: { kind: "existing" as const, agent: "claude-code" },
  };
  proposePlan(store, {
    project: "app",
    proposal: proposalSchema.parse({ ...DIAMOND, roles }),
    author: "agent:lead",
  });
}

describe("what the fleet says about each session and plan", () => {
  it("says what ao status says: ended for a killed session, unknown never idle, reasons in words", async () => {
    const w = await startDashboard((made) => world(made.engine.store));
    const fleet = JSON.parse((await w.get("/api/fleet")).text) as FleetView;
    const card = (id: string) => fleet.cards.find((candidate) => candidate.id === id)!;
    expect(card("app-1").activity).toMatchObject({
      turn: "running",
      text: "unknown",
      last: { origin: "spawn" },
    });
    expect(card("app-2").activity).toMatchObject({ state: "working", turn: "idle", text: "ended" });
    expect(card("app-3").why.summary).toBe("pull request open");
  });

  it("lists a proposed plan as waiting, and counts a plan's steps before approval too", async () => {
    const w = await startDashboard((made) => world(made.engine.store));
    const fleet = JSON.parse((await w.get("/api/fleet")).text) as FleetView;
    expect(fleet.plansWaiting).toEqual([
      expect.objectContaining({
        id: "plan-1",
        project: "app",
        revision: 1,
        steps: 4,
        proposedBy: "agent:lead",
      }),
    ]);
    expect(fleet.plansWaiting[0]!.goal).toBe(DIAMOND.goal);
    const other = JSON.parse((await w.get("/api/fleet?project=tools")).text) as FleetView;
    expect(other.plansWaiting).toEqual([]);
    const list = JSON.parse((await w.get("/api/plans")).text) as PlanListAnswer;
    expect(list.plans).toEqual([
      { id: "plan-1", project: "app", status: "proposed", revision: 1, steps: 4, done: 0 },
    ]);
    const rejected = await w.post("/api/plans/plan-1/reject", { revision: 1, reason: " " });
    expect(rejected.status, rejected.text).toBe(400);
  });
});
