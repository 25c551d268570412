import { describe, expect, it } from "vitest";
import {
  recordObservation,
  updateSession,
  writeTransaction,
  type Store,
} from "../../../src/core/store/index.js";
import type { FleetView } from "../../../src/web/api/types.js";
import { statusChanged } from "../../helpers/events.js";
import { addSession } from "../../core/daemon/daemon-fixture.js";
import { startDashboard } from "./dashboard-world.js";

const QUESTION = {
  id: "q-7",
  source: "data" as const,
  text: "Run npm test",
  toolKind: "execute",
  options: [
    { id: "allow-once", name: "Allow once", kind: "allow_once" },
    { id: "reject-once", name: "Reject", kind: "reject_once" },
  ],
};

/** app-1 sits idle too long (stuck), app-2 asks a question, app-3 asked one and works again. */
function askingWorld(store: Store): void {
  for (const id of ["app-1", "app-2", "app-3"]) addSession(store, id);
  writeTransaction(store, (tx) => {
    updateSession(
      tx,
      "app-2",
      { status: "needs_input", reason: "permission", activity: "needs_input" },
      {
        type: "session.question",
        payload: QUESTION,
      },
    );
    updateSession(tx, "app-2", {}, statusChanged("working", "needs_input", "permission"));
    // The stuck one changed last: newest first alone would put it on top.
    updateSession(
      tx,
      "app-1",
      { status: "stuck", reason: "agent_stuck" },
      statusChanged("working", "stuck", "agent_stuck"),
    );
    updateSession(
      tx,
      "app-3",
      { activity: "needs_input" },
      { type: "session.question", payload: { ...QUESTION, id: "q-old" } },
    );
    recordObservation(tx, "app-3", { activity: "active" });
  });
}

describe("what a waiting agent asks, on the fleet (docs/dashboard.md, Needs you)", () => {
  it("puts the card that asks first, with its question and the reason in words; an answered one shows none", async () => {
    const w = await startDashboard((world) => askingWorld(world.engine.store));
    const fleet = JSON.parse((await w.get("/api/fleet")).text) as FleetView;
    const needs = fleet.cards.filter((card) => card.zone === "needs-you");
    expect(needs.map((card) => card.id)).toEqual(["app-2", "app-1"]);
    expect(needs[0]).toMatchObject({
      question: { ...QUESTION, askedAt: expect.any(String) as string },
      urgency: { level: "question", rank: 0, reason: "the agent is blocked on a question: Run npm test" },
    });
    expect(needs[1]).toMatchObject({
      question: null,
      urgency: { level: "stuck", reason: "the agent sits idle without a pull request" },
    });
    // app-3 asked once, and no longer waits: its old question is not shown.
    expect(fleet.cards.find((card) => card.id === "app-3")).toMatchObject({
      question: null,
      zone: "working",
    });
  });

  it("answers only through the guard: a cookie, our Origin, a JSON body with both ids", async () => {
    const w = await startDashboard((world) => askingWorld(world.engine.store));
    const body = JSON.stringify({ questionId: "q-7", optionId: "allow-once" });
    const json = { "content-type": "application/json" };
    const noCookie = await w.request("POST", "/api/sessions/app-2/answer", {
      headers: { ...json, origin: w.origin },
      body,
    });
    expect(noCookie.status).toBe(401);
    for (const origin of ["http://evil.example", undefined]) {
      const headers: Record<string, string> = { ...json, cookie: w.cookie };
      if (origin !== undefined) headers["origin"] = origin;
      expect((await w.request("POST", "/api/sessions/app-2/answer", { headers, body })).status).toBe(403);
    }
    expect((await w.post("/api/sessions/app-2/answer", { optionId: "allow-once" })).status).toBe(400);
    expect(
      (await w.request("GET", "/api/sessions/app-2/answer", { headers: { cookie: w.cookie } })).status,
    ).toBe(405);
  });
});
