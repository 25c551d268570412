import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { recordLastCycle } from "../../../src/core/daemon-state/last-cycle.js";
import {
  insertReactionIfNew,
  insertTurn,
  updateSession,
  writeTransaction,
  type Store,
} from "../../../src/core/store/index.js";
import type { FleetView, SessionDetail } from "../../../src/web/api/types.js";
import { statusChanged } from "../../helpers/events.js";
import { addSession } from "../../core/daemon/daemon-fixture.js";
import { startDashboard } from "./dashboard-world.js";

function fleetWorld(store: Store): void {
  addSession(store, "app-1");
  addSession(store, "app-2", { prNumber: 2 });
  addSession(store, "app-3");
  addSession(store, "tools-1", { project: "tools" });
  writeTransaction(store, (tx) => {
    updateSession(
      tx,
      "app-2",
      { status: "ci_failed", reason: "ci_failing" },
      statusChanged("working", "ci_failed", "ci_failing"),
    );
    updateSession(
      tx,
      "app-3",
      { status: "needs_input", reason: "permission" },
      statusChanged("working", "needs_input", "permission"),
    );
    updateSession(
      tx,
      "tools-1",
      { status: "merged", reason: "pr_merged" },
      statusChanged("working", "merged", "pr_merged"),
    );
    insertReactionIfNew(
      tx,
      {
        sessionId: "app-2",
        reactionKey: "ci-failed",
        dedupeKey: "ci:app-2:1",
        dueAt: 0,
        payload: { action: "send-to-agent" },
      },
      {
        type: "reaction.planned",
        sessionId: "app-2",
        payload: {
          reaction: "ci-failed",
          action: "send-to-agent",
          dedupeKey: "ci:app-2:1",
          attempt: 0,
          dueAt: 0,
        },
      },
    );
    insertTurn(tx, {
      sessionId: "app-1",
      origin: "cli",
      text: "run the tests",
      sha256: createHash("sha256").update("run the tests").digest("hex"),
    });
  });
  recordLastCycle(store, { at: Date.now(), durationMs: 5, sessions: 3 });
}

describe("GET /api/fleet and /api/sessions/:id", () => {
  it("groups the fleet into zones with why, counts, the worst zone, data age and the projects", async () => {
    const w = await startDashboard((world) => fleetWorld(world.engine.store));
    const fleet = JSON.parse((await w.get("/api/fleet")).text) as FleetView;
    expect(fleet.cards.map((card) => [card.id, card.zone])).toEqual([
      ["app-3", "needs-you"],
      ["app-2", "in-review"],
      ["app-1", "working"],
      ["tools-1", "done"],
    ]);
    expect(fleet.counts).toEqual({
      "needs-you": 1,
      "ready-to-merge": 0,
      "in-review": 1,
      working: 1,
      done: 1,
    });
    expect(fleet.worst).toBe("needs-you");
    expect(fleet.projects.map((project) => project.id)).toEqual(["app", "tools"]);
    expect(fleet.projects[0]).toMatchObject({ hasTracker: true, localReview: true });
    const app3 = fleet.cards[0];
    expect(app3?.why).toMatchObject({ type: "session.status", summary: "agent waits for input: permission" });
    expect(app3?.dataAgeMs).not.toBeNull();
    expect(fleet.cards.find((card) => card.id === "app-1")?.activity).toMatchObject({
      turn: "queued",
      last: { id: "t-1", status: "queued", origin: "cli" },
    });
    expect(fleet.cards.find((card) => card.id === "app-2")?.pr).toMatchObject({ number: 2 });
    const tools = JSON.parse((await w.get("/api/fleet?project=tools")).text) as FleetView;
    expect(tools.cards.map((card) => card.id)).toEqual(["tools-1"]);
    expect(tools.worst).toBe("done");
  });

  it("a live session whose checkout the lifecycle found removed behind ao's back is marked", async () => {
    const removed = (worktree: string) =>
      ({ type: "session.workspace_removed", payload: { worktree, by: "outside" } }) as const;
    const w = await startDashboard((world) => {
      fleetWorld(world.engine.store);
      writeTransaction(world.engine.store, (tx) => {
        updateSession(tx, "app-1", {}, removed("/gone/app-1"));
        updateSession(tx, "tools-1", {}, removed("/gone/tools-1"));
        updateSession(tx, "app-3", {}, { type: "session.workspace_removed", payload: { worktree: "/x" } });
      });
    });
    const fleet = JSON.parse((await w.get("/api/fleet")).text) as FleetView;
    const marks = Object.fromEntries(fleet.cards.map((card) => [card.id, card.workspaceMissing]));
    expect(marks).toEqual({
      "app-1": { worktree: "/gone/app-1", noticedAt: expect.any(String) as string },
      "app-2": null,
      "app-3": null,
      "tools-1": null,
    });
  });

  it("a session's page has its timeline, reactions, turns and events; an unknown one is 404", async () => {
    const w = await startDashboard((world) => fleetWorld(world.engine.store));
    const detail = JSON.parse((await w.get("/api/sessions/app-2")).text) as SessionDetail;
    expect(detail.card).toMatchObject({ id: "app-2", zone: "in-review" });
    expect(detail.timeline.statuses.map((span) => [span.state, span.end === null])).toEqual([
      ["spawning", false],
      ["ci_failed", true],
    ]);
    expect(detail.reactions).toMatchObject([{ key: "ci-failed", status: "pending", attempts: 0 }]);
    expect(detail.events.map((event) => event.type)).toEqual([
      "session.created",
      "pr.opened",
      "session.status",
      "reaction.planned",
    ]);
    const app1 = JSON.parse((await w.get("/api/sessions/app-1")).text) as SessionDetail;
    expect(app1.turns).toMatchObject([{ id: "t-1", status: "queued", messageBytes: 13, reply: null }]);
    expect(app1.timeline.turns).toMatchObject([{ kind: "turn", state: "queued", end: null }]);
    expect(JSON.stringify(app1)).not.toContain("run the tests");
    const unknown = await w.get("/api/sessions/app-99");
    expect(unknown.status).toBe(404);
    expect(JSON.parse(unknown.text)).toEqual({ error: "no session app-99" });
  });
});
