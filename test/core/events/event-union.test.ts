import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { eventIs, readFeed } from "../../../src/core/events/event-feed.js";
import { EVENT_FAMILIES, EVENT_TYPES, parseEventFilter } from "../../../src/core/events/event-types.js";
import { appendEvent, writeTransaction, type StoredEvent } from "../../../src/core/store/index.js";
import { statusChanged } from "../../helpers/events.js";
import { openTestStore } from "../store/store-fixture.js";
import { compileErrors } from "./compile-file.js";

const FIXTURE = "test/core/events/free-strings.typecheck.ts";

describe("the event union is the only way to append", () => {
  it(
    "compiles a member of the union, and no free string anywhere an event is taken",
    { timeout: 60_000 },
    () => {
      const errors = compileErrors(FIXTURE, {
        unmarked: (text) => text.replaceAll("@ts-expect-error", "expected:"),
      });
      expect(errors.original).toEqual([]);
      // Without their markers, exactly the marked lines fail: each marker was needed.
      const lines = readFileSync(FIXTURE, "utf8").split("\n");
      const marked = lines.flatMap((line, index) => (line.includes("@ts-expect-error") ? [index + 2] : []));
      expect(marked).toHaveLength(8);
      const unmarked = errors.variants["unmarked"] ?? [];
      expect([...new Set(unmarked.map((error) => error.line))]).toEqual(marked);
    },
  );
});

describe("the feed reader", () => {
  function feedOf(count: number) {
    const { store } = openTestStore();
    writeTransaction(store, (tx) => {
      for (let n = 0; n < count; n += 1) {
        appendEvent(tx, {
          ...statusChanged("working", "idle", `r${n}`),
          sessionId: n % 2 === 0 ? "app-1" : "app-2",
        });
        appendEvent(tx, {
          type: "notification.sent",
          sessionId: "app-1",
          payload: { notifier: `n${n}`, priority: "info" },
        });
      }
    });
    return store;
  }

  it("reads after a cursor, at most a page, for one session or one family", () => {
    const store = feedOf(4);
    const first = readFeed(store, { after: 0, limit: 3 });
    expect(first.events.map((event) => event.id)).toEqual([1, 2, 3]);
    expect(first).toMatchObject({ cursor: 3, more: true });
    const rest = readFeed(store, { after: first.cursor, limit: 10 });
    expect(rest.events.map((event) => event.id)).toEqual([4, 5, 6, 7, 8]);
    expect(rest).toMatchObject({ cursor: 8, more: false });
    expect(readFeed(store, { after: 8 })).toEqual({ events: [], cursor: 8, more: false });
    const sessionTwo = readFeed(store, { after: 0, sessionId: "app-2" }).events;
    expect(sessionTwo.map((event) => event.payload["reason"])).toEqual(["r1", "r3"]);
    const notifications = readFeed(store, { after: 0, type: "notification" }).events;
    expect(notifications.map((event) => event.type)).toEqual(Array(4).fill("notification.sent"));
    expect(readFeed(store, { after: 0, type: "session.status", sessionId: "app-1", limit: 1 })).toMatchObject(
      {
        events: [{ id: 1 }],
        more: true,
      },
    );
  });

  it("never hands out more than its ceiling in one page", () => {
    const store = feedOf(300);
    const page = readFeed(store, { after: 0, limit: 10_000 });
    expect(page.events).toHaveLength(500);
    expect(page.more).toBe(true);
  });

  it("narrows a stored row to its family or type, and a row of an unknown type to none", () => {
    const store = feedOf(1);
    store.db
      .prepare(
        "INSERT INTO events (session_id, type, payload, created_at) VALUES (NULL, 'session.later', '{}', 0)",
      )
      .run();
    const rows = readFeed(store, { after: 0 }).events;
    const reasons: string[] = [];
    const notifiers: string[] = [];
    for (const row of rows) {
      // The narrowed payload is typed: these property reads compile only because of the guard.
      if (eventIs(row, "session.status")) reasons.push(row.payload.reason);
      if (eventIs(row, "notification")) notifiers.push(`${row.payload.notifier}:${row.payload.priority}`);
    }
    expect(reasons).toEqual(["r0"]);
    expect(notifiers).toEqual(["n0:info"]);
    const unknown = rows.at(-1) as StoredEvent;
    expect(unknown.type).toBe("session.later");
    expect(eventIs(unknown, "session")).toBe(false);
  });
});

describe("event filters as people type them", () => {
  it("takes every type and every family, and names the closest for a typo", () => {
    for (const type of EVENT_TYPES) expect(parseEventFilter(type)).toBe(type);
    expect([...EVENT_FAMILIES]).toEqual([
      "session",
      "pr",
      "review",
      "lifecycle",
      "reaction",
      "notification",
      "turn",
      "control",
      "terminal",
      "plan",
      "limit",
      "budget",
      "conflict",
      "queue",
      "daemon",
    ]);
    expect(() => parseEventFilter("reactoin")).toThrow(/"reactoin" is neither an event type nor a family/);
    const error = (() => {
      try {
        return parseEventFilter("session.stauts");
      } catch (thrown) {
        return thrown as Error;
      }
    })();
    expect(error).toMatchObject({ code: "E_USAGE" });
    expect((error as { hint?: string }).hint).toContain('did you mean "session.status"?');
  });
});
