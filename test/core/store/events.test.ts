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
  type StoredEvent,
} from "../../../src/core/store/index.js";
import { sessionCreated, statusChanged } from "../../helpers/events.js";
import { openTestStore } from "./store-fixture.js";

/** One `notification.sent` per label, the label as the notifier's name, so a test can tell them apart. */
function appendMany(store: Store, labels: string[], sessionId: string | null = null): void {
  writeTransaction(store, (tx) => {
    for (const notifier of labels)
      appendEvent(tx, { type: "notification.sent", sessionId, payload: { notifier, priority: "info" } });
  });
}

const labels = (events: StoredEvent[]) => events.map((event) => event.payload["notifier"]);

describe("events", () => {
  it("refuses UPDATE and DELETE: history is append-only", () => {
    const { store } = openTestStore();
    appendMany(store, ["a", "b"]);
    expect(() => store.db.prepare("UPDATE events SET type = 'changed'").run()).toThrow(/append-only/);
    expect(() => store.db.prepare("DELETE FROM events").run()).toThrow(/append-only/);
    expect(labels(listEvents(store))).toEqual(["a", "b"]);
  });

  it("commits or rolls back together with the session change it describes", () => {
    const { store } = openTestStore();
    const id = writeTransaction(store, (tx) => {
      const id = allocateSessionId(tx, "app");
      insertSession(
        tx,
        { id, project: "app", branch: "b", worktree: "/w", runtime: "tmux", agent: "claude-code" },
        sessionCreated(),
      );
      return id;
    });
    const eventsBefore = listEvents(store).length;
    expect(() =>
      writeTransaction(store, (tx) => {
        updateSession(tx, id, { status: "working" }, statusChanged("spawning", "working"));
        throw new Error("the runtime refused");
      }),
    ).toThrow("the runtime refused");
    expect(getSession(store, id)?.status).toBe("spawning");
    expect(listEvents(store)).toHaveLength(eventsBefore);

    writeTransaction(store, (tx) =>
      updateSession(tx, id, { status: "working" }, statusChanged("spawning", "working")),
    );
    expect(getSession(store, id)?.status).toBe("working");
    expect(listEvents(store)).toHaveLength(eventsBefore + 1);
  });

  it("lists by session, after an id, and the newest few in order", () => {
    const { store } = openTestStore();
    appendMany(store, ["a1", "a2", "a3"], "app-1");
    appendMany(store, ["b1"], "app-2");
    appendMany(store, ["g1"]);
    const all = listEvents(store);
    expect(labels(all)).toEqual(["a1", "a2", "a3", "b1", "g1"]);
    expect(labels(listEvents(store, { sessionId: "app-1" }))).toEqual(["a1", "a2", "a3"]);
    const afterSecond = all[1]?.id ?? 0;
    expect(labels(listEvents(store, { afterId: afterSecond }))).toEqual(["a3", "b1", "g1"]);
    expect(labels(listEvents(store, { afterId: afterSecond, limit: 2 }))).toEqual(["a3", "b1"]);
    expect(labels(listEvents(store, { limit: 2, fromEnd: true }))).toEqual(["b1", "g1"]);
    expect(labels(listEvents(store, { sessionId: "app-1", limit: 2, fromEnd: true }))).toEqual(["a2", "a3"]);
  });

  it("keeps the payload as JSON and the time from the clock", () => {
    const { store, clock } = openTestStore();
    clock.set(1_800_000_000_000);
    const payload = {
      type: "ci_failed" as const,
      pr: 3,
      headSha: "abc",
      checks: [{ name: "lint" }, { name: "test", logTail: "not ok 1" }],
    };
    const stored = writeTransaction(store, (tx) =>
      appendEvent(tx, { type: "lifecycle.ci_failed", sessionId: "app-1", payload }),
    );
    expect(listEvents(store)).toEqual([stored]);
    expect(stored).toMatchObject({
      type: "lifecycle.ci_failed",
      sessionId: "app-1",
      payload,
      createdAt: 1_800_000_000_000,
    });
  });

  it("redacts secrets in a payload on the way in", () => {
    const { store } = openTestStore();
    const token = `ghp_${"x".repeat(36)}`;
    writeTransaction(store, (tx) =>
      appendEvent(tx, {
        type: "notification.failed",
        payload: { notifier: "hook", priority: "urgent", error: `401 for token ${token}` },
      }),
    );
    const [event] = listEvents(store);
    expect(event?.payload["error"]).toBe("401 for token [redacted]");
    expect(JSON.stringify(event)).not.toContain(token);
  });
});
