import { describe, expect, it } from "vitest";
import {
  allocateSessionId,
  appendEvent,
  getSession,
  insertSession,
  listEvents,
  updateSession,
  writeTransaction,
  type Store,
} from "../../../src/core/store/index.js";
import { openTestStore } from "./store-fixture.js";

function appendMany(store: Store, types: string[], sessionId: string | null = null): void {
  writeTransaction(store, (tx) => {
    for (const type of types) appendEvent(tx, { type, sessionId, payload: { type } });
  });
}

describe("events", () => {
  it("refuses UPDATE and DELETE: history is append-only", () => {
    const { store } = openTestStore();
    appendMany(store, ["a", "b"]);
    expect(() => store.db.prepare("UPDATE events SET type = 'changed'").run()).toThrow(/append-only/);
    expect(() => store.db.prepare("DELETE FROM events").run()).toThrow(/append-only/);
    expect(listEvents(store).map((event) => event.type)).toEqual(["a", "b"]);
  });

  it("commits or rolls back together with the session change it describes", () => {
    const { store } = openTestStore();
    const id = writeTransaction(store, (tx) => {
      const id = allocateSessionId(tx, "app");
      insertSession(
        tx,
        { id, project: "app", branch: "b", worktree: "/w", runtime: "tmux", agent: "claude-code" },
        { type: "session.created" },
      );
      return id;
    });
    const eventsBefore = listEvents(store).length;
    expect(() =>
      writeTransaction(store, (tx) => {
        updateSession(tx, id, { status: "working" }, { type: "session.status" });
        throw new Error("the runtime refused");
      }),
    ).toThrow("the runtime refused");
    expect(getSession(store, id)?.status).toBe("spawning");
    expect(listEvents(store)).toHaveLength(eventsBefore);

    writeTransaction(store, (tx) => updateSession(tx, id, { status: "working" }, { type: "session.status" }));
    expect(getSession(store, id)?.status).toBe("working");
    expect(listEvents(store)).toHaveLength(eventsBefore + 1);
  });

  it("lists by session, after an id, and the newest few in order", () => {
    const { store } = openTestStore();
    appendMany(store, ["a1", "a2", "a3"], "app-1");
    appendMany(store, ["b1"], "app-2");
    appendMany(store, ["g1"]);
    const all = listEvents(store);
    expect(all.map((event) => event.type)).toEqual(["a1", "a2", "a3", "b1", "g1"]);
    expect(listEvents(store, { sessionId: "app-1" }).map((event) => event.type)).toEqual(["a1", "a2", "a3"]);
    const afterSecond = all[1]?.id ?? 0;
    expect(listEvents(store, { afterId: afterSecond }).map((event) => event.type)).toEqual([
      "a3",
      "b1",
      "g1",
    ]);
    expect(listEvents(store, { afterId: afterSecond, limit: 2 }).map((event) => event.type)).toEqual([
      "a3",
      "b1",
    ]);
    expect(listEvents(store, { limit: 2, fromEnd: true }).map((event) => event.type)).toEqual(["b1", "g1"]);
    expect(listEvents(store, { sessionId: "app-1", limit: 2, fromEnd: true }).map((e) => e.type)).toEqual([
      "a2",
      "a3",
    ]);
  });

  it("keeps the payload as JSON and the time from the clock", () => {
    const { store, clock } = openTestStore();
    clock.set(1_800_000_000_000);
    const stored = writeTransaction(store, (tx) =>
      appendEvent(tx, {
        type: "ci.failed",
        sessionId: "app-1",
        payload: { checks: ["lint", "test"], attempt: 2 },
      }),
    );
    expect(listEvents(store)).toEqual([stored]);
    expect(stored).toMatchObject({
      type: "ci.failed",
      sessionId: "app-1",
      payload: { checks: ["lint", "test"], attempt: 2 },
      createdAt: 1_800_000_000_000,
    });
  });
});
