import { afterEach, describe, expect, it } from "vitest";
import {
  closeStore,
  listEvents,
  openStore,
  updateSession,
  writeTransaction,
  type Store,
} from "../../../src/core/store/index.js";
import type { EventEntry } from "../../../src/web/api/types.js";
import { statusChanged } from "../../helpers/events.js";
import { addSession } from "../../core/daemon/daemon-fixture.js";
import { startDashboard, type DashboardWorld } from "./dashboard-world.js";
import { fleets, snapshots } from "./fleet-messages.js";
import { openSse, type SseClient, type SseMessage } from "./sse-client.js";

const stores: Store[] = [];
const clients: SseClient[] = [];
afterEach(() => {
  for (const client of clients.splice(0)) client.close();
  for (const store of stores.splice(0)) closeStore(store);
});

/** Another connection to the same database: what `ao send` or `ao spawn` in another process writes through. */
function otherProcess(w: DashboardWorld): Store {
  const store = openStore(w.ctx);
  stores.push(store);
  return store;
}

async function stream(w: DashboardWorld, path = "/events", headers: Record<string, string> = {}) {
  const client = await openSse(w.port, path, { cookie: w.cookie, ...headers });
  clients.push(client);
  return client;
}

async function waitFor(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 20));
  expect(condition()).toBe(true);
}

const ids = (messages: SseMessage[]) => messages.filter((m) => m.event === "event").map((m) => Number(m.id));
function setStatus(store: Store, id: string, from: "working" | "ci_failed", to: "working" | "ci_failed") {
  writeTransaction(store, (tx) =>
    updateSession(tx, id, { status: to, reason: "test" }, statusChanged(from, to)),
  );
}

describe("GET /events", () => {
  it("a row the store cannot read is logged by the daemon, which keeps serving and recovers", async () => {
    const w = await startDashboard((world) => {
      addSession(world.engine.store, "app-1");
      addSession(world.engine.store, "app-2");
    });
    const client = await stream(w);
    await client.until((m) => fleets(m).length === 1, "the first fleet");
    const other = otherProcess(w);
    // As a newer ao might leave it: a status this build does not know, then a change to notice.
    other.db.prepare("UPDATE sessions SET status = 'hibernating' WHERE id = 'app-1'").run();
    setStatus(other, "app-2", "working", "ci_failed");
    await waitFor(() => w.ctx.stderr.text().includes('session app-1 has unknown status "hibernating"'));
    expect((await w.get("/api/fleet")).status).toBeGreaterThanOrEqual(500);
    other.db.prepare("UPDATE sessions SET status = 'working' WHERE id = 'app-1'").run();
    setStatus(other, "app-2", "ci_failed", "working");
    await client.until((m) => fleets(m).length === 2, "the fleet once the row reads again");
    expect(
      fleets(client.messages)[1]
        ?.cards.map((card) => card.id)
        .sort(),
    ).toEqual(["app-1", "app-2"]);
  });

  it("starts with the fleet, then pushes each new store event with its store id, then the fleet's change", async () => {
    const w = await startDashboard((world) => addSession(world.engine.store, "app-1"));
    const client = await stream(w);
    expect(client.status).toBe(200);
    await client.until((m) => fleets(m).length === 1, "the first fleet");
    expect(fleets(client.messages)[0]?.cards.map((card) => card.id)).toEqual(["app-1"]);
    setStatus(otherProcess(w), "app-1", "working", "ci_failed");
    await client.until((m) => fleets(m).length === 2, "the fleet after the change");
    const [event] = client.messages.filter((m) => m.event === "event");
    const stored = listEvents(w.engine.store).at(-1);
    expect(event?.id).toBe(String(stored?.id));
    expect(JSON.parse(event?.data ?? "{}") as EventEntry).toMatchObject({
      id: stored?.id,
      sessionId: "app-1",
      type: "session.status",
      payload: { from: "working", to: "ci_failed" },
    });
    const card = fleets(client.messages)[1]?.cards[0];
    expect(card).toMatchObject({ zone: "in-review", status: "ci_failed", why: { eventId: stored?.id } });
    expect(fleets(client.messages)[1]?.lastEventId).toBe(stored?.id);
  });

  it("a burst written in one transaction arrives complete and in order, followed by one patch", async () => {
    const w = await startDashboard((world) => addSession(world.engine.store, "app-1"));
    const client = await stream(w);
    await client.until((m) => fleets(m).length === 1, "the first fleet");
    const before = listEvents(w.engine.store).at(-1)?.id ?? 0;
    writeTransaction(otherProcess(w), (tx) => {
      for (let i = 0; i < 30; i++) {
        const [from, to] =
          i % 2 === 0 ? (["working", "ci_failed"] as const) : (["ci_failed", "working"] as const);
        updateSession(tx, "app-1", { status: to }, statusChanged(from, to));
      }
    });
    await client.until((m) => fleets(m).length === 2, "the fleet after the burst");
    expect(ids(client.messages)).toEqual(Array.from({ length: 30 }, (_, i) => before + 1 + i));
    expect(client.messages.at(-1)?.event).toBe("fleet-patch");
    expect(snapshots(client.messages)).toHaveLength(1);
  });

  it("resumes after Last-Event-ID (or ?since=) with every event missed while away, none twice", async () => {
    const w = await startDashboard((world) => addSession(world.engine.store, "app-1"));
    const other = otherProcess(w);
    const first = await stream(w);
    await first.until((m) => fleets(m).length === 1, "the first fleet");
    setStatus(other, "app-1", "working", "ci_failed");
    await first.until((m) => ids(m).length === 1, "one event");
    const lastSeen = ids(first.messages).at(-1) ?? 0;
    first.close();
    for (let i = 0; i < 5; i++)
      setStatus(other, "app-1", i % 2 === 0 ? "ci_failed" : "working", i % 2 === 0 ? "working" : "ci_failed");
    const missed = listEvents(w.engine.store, { afterId: lastSeen }).map((event) => event.id);
    expect(missed).toHaveLength(5);

    const resumed = await stream(w, "/events", { "last-event-id": String(lastSeen) });
    await resumed.until((m) => fleets(m).length >= 1, "the replay");
    expect(ids(resumed.messages)).toEqual(missed);
    const bySince = await stream(w, `/events?since=${lastSeen}`);
    await bySince.until((m) => fleets(m).length >= 1, "the replay by since");
    expect(ids(bySince.messages)).toEqual(missed);

    setStatus(other, "app-1", "ci_failed", "working");
    await resumed.until((m) => ids(m).length === 6, "the next live event");
    expect(new Set(ids(resumed.messages)).size).toBe(6);
  });

  it("filters the fleet by ?project=, refuses a bad Last-Event-ID, and sends heartbeats", async () => {
    const w = await startDashboard(
      (world) => {
        addSession(world.engine.store, "app-1");
        addSession(world.engine.store, "tools-1", { project: "tools" });
      },
      { heartbeatMs: 30 },
    );
    const client = await stream(w, "/events?project=tools");
    await client.until((m) => fleets(m).length === 1, "the fleet");
    expect(fleets(client.messages)[0]?.cards.map((card) => card.id)).toEqual(["tools-1"]);
    await client.until(() => client.comments >= 2, "two heartbeats");
    const bad = await stream(w, "/events", { "last-event-id": "12; DROP" });
    expect(bad.status).toBe(400);
  });
});
