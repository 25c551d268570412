import { afterEach, describe, expect, it } from "vitest";
import { recordLastCycle } from "../../../src/core/daemon-state/last-cycle.js";
import {
  appendEvent,
  closeStore,
  openStore,
  updateSession,
  writeTransaction,
  type Store,
} from "../../../src/core/store/index.js";
import type { FleetCard, FleetView } from "../../../src/web/api/types.js";
import { statusChanged } from "../../helpers/events.js";
import { addSession } from "../../core/daemon/daemon-fixture.js";
import { startDashboard, type DashboardWorld } from "./dashboard-world.js";
import { fleets, patches, snapshots, wireText } from "./fleet-messages.js";
import { openSse, type SseClient } from "./sse-client.js";

const stores: Store[] = [];
const clients: SseClient[] = [];
afterEach(() => {
  for (const client of clients.splice(0)) client.close();
  for (const store of stores.splice(0)) closeStore(store);
});

/** Another connection to the same database, as the daemon's cycle or `ao send` writes through. */
function otherProcess(w: DashboardWorld): Store {
  const store = openStore(w.ctx);
  stores.push(store);
  return store;
}

async function stream(w: DashboardWorld, headers: Record<string, string> = {}) {
  const client = await openSse(w.port, "/events", { cookie: w.cookie, ...headers });
  clients.push(client);
  return client;
}

function cycle(store: Store, at: number): void {
  recordLastCycle(store, { at, durationMs: 12, sessions: 3 });
}

/** A store event no card shows (a notifier took a notification). */
function notified(store: Store): void {
  writeTransaction(store, (tx) =>
    appendEvent(tx, {
      type: "notification.sent",
      sessionId: "app-1",
      payload: { notifier: "desktop", priority: "info" },
    }),
  );
}

/**
 * A card without what moves with the clock alone: its data age and read times (a page holds a
 * time the last cycle re-read as that cycle's start, docs/dashboard.md "Live data").
 */
const timeless = ({ dataAgeMs: _age, observedAt: _at, pr, cost, ...card }: FleetCard) => ({
  ...card,
  pr: pr && { ...pr, observedAt: null },
  cost: cost && { ...cost, observedAt: null },
});
const cardsOf = (view: FleetView | undefined) => view?.cards.map(timeless);

async function threeSessions(): Promise<DashboardWorld> {
  const w = await startDashboard(
    (world) => {
      for (const id of ["app-1", "app-2", "app-3"]) addSession(world.engine.store, id);
      cycle(world.engine.store, world.ctx.clock.now());
    },
    { heartbeatMs: 3_600_000 },
  );
  return w;
}

describe("GET /events carries the fleet's changes, not snapshots", () => {
  it("sends nothing for a cycle that changed nothing, then a patch naming only the changed session", async () => {
    const w = await threeSessions();
    const client = await stream(w);
    await client.until((m) => snapshots(m).length === 1, "the snapshot");
    const [snapshot] = snapshots(client.messages);
    const bytesBefore = client.bytes;
    const other = otherProcess(w);

    cycle(other, w.ctx.clock.now() + 60_000); // only its time differs: the page is told at the next change
    notified(other);
    await client.until((m) => m.some((message) => message.event === "event"), "the notification's event");
    const [event] = client.messages.slice(1);
    expect(client.messages).toHaveLength(2);
    expect(client.bytes - bytesBefore).toBe(Buffer.byteLength(wireText(event!)));

    writeTransaction(other, (tx) =>
      updateSession(
        tx,
        "app-2",
        { status: "ci_failed", reason: "test" },
        statusChanged("working", "ci_failed"),
      ),
    );
    await client.until((m) => patches(m).length === 1, "the patch");
    const [patch] = patches(client.messages);
    expect(patch?.base).toBe(snapshot?.version);
    expect(patch?.cards?.map((card) => card.id)).toEqual(["app-2"]);
    expect(patch?.removed).toBeUndefined();
    expect(patch?.lastCycle).toBeDefined();
    const served = JSON.parse((await w.get("/api/fleet")).text) as FleetView;
    expect(cardsOf(fleets(client.messages).at(-1))).toEqual(cardsOf(served));
  });

  it("a reconnect with the current version gets only the last cycle; a stale or foreign one a snapshot", async () => {
    const w = await threeSessions();
    const first = await stream(w);
    await first.until((m) => snapshots(m).length === 1, "the snapshot");
    const held = first.messages.filter((message) => message.event === "fleet");
    const version = snapshots(held)[0]!.version;
    first.close();

    const current = await stream(w, { "x-fleet-version": version });
    await current.until((m) => m.length >= 1, "the stream's first message");
    expect(current.messages.map((message) => message.event)).toEqual(["fleet-patch"]);
    expect(Object.keys(patches(current.messages)[0]!).sort()).toEqual([
      "base",
      "generatedAt",
      "lastCycle",
      "lastEventId",
      "version",
    ]);

    writeTransaction(otherProcess(w), (tx) =>
      updateSession(
        tx,
        "app-3",
        { status: "ci_failed", reason: "test" },
        statusChanged("working", "ci_failed"),
      ),
    );
    await current.until((m) => patches(m).length === 2, "the patch after the first (the last cycle only)");
    const stale = await stream(w, { "x-fleet-version": version });
    await stale.until((m) => snapshots(m).length === 1, "a snapshot for the stale version");
    const restarted = await stream(w, { "x-fleet-version": "0badcafe.1" });
    await restarted.until((m) => snapshots(m).length === 1, "a snapshot for another daemon's version");
    const patched = fleets([...held, ...current.messages]).at(-1);
    expect(cardsOf(snapshots(stale.messages)[0])).toEqual(cardsOf(patched));
    expect((await stream(w, { "x-fleet-version": "7; DROP" })).status).toBe(400);
  });

  it("a session pushed out of the done column and a new one come as patches with the new order", async () => {
    const w = await startDashboard((world) => {
      for (let n = 1; n <= 50; n++) addSession(world.engine.store, `old-${n}`, { status: "merged" });
      addSession(world.engine.store, "app-1");
    });
    const client = await stream(w);
    await client.until((m) => snapshots(m).length === 1, "the snapshot");
    const other = otherProcess(w);
    writeTransaction(other, (tx) =>
      updateSession(tx, "app-1", { status: "merged", reason: "test" }, statusChanged("working", "merged")),
    );
    addSession(other, "app-2");
    const served = async () => JSON.parse((await w.get("/api/fleet")).text) as FleetView;
    await client.until(
      (m) => cardsOf(fleets(m).at(-1))?.some((card) => card.id === "app-2") === true,
      "app-2",
    );
    expect(cardsOf(fleets(client.messages).at(-1))).toEqual(cardsOf(await served()));
    const removed = patches(client.messages).flatMap((patch) => patch.removed ?? []);
    expect(removed).toHaveLength(1);
    expect((await served()).cards.map((card) => card.id)).not.toContain(removed[0]);
    const named = patches(client.messages)
      .flatMap((patch) => patch.cards ?? [])
      .map((card) => card.id);
    expect(new Set(named)).toEqual(new Set(["app-1", "app-2"]));
  });
});
