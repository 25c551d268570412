import { describe, expect, it } from "vitest";
import { followEvents, readEvents } from "../../../src/core/daemon/event-log.js";
import type { AoEvent } from "../../../src/core/events/index.js";
import {
  appendEvent,
  closeStore,
  openStore,
  writeTransaction,
  type Store,
  type StoredEvent,
} from "../../../src/core/store/index.js";
import { statusChanged } from "../../helpers/events.js";
import { makeTestContext } from "../../helpers/test-context.js";

const FACTS = {
  reactionId: 1,
  reaction: "ci-failed",
  action: "send-to-agent",
  dedupeKey: "k",
  attempt: 1,
} as const;

const EVENTS = {
  planned: {
    type: "reaction.planned",
    payload: { reaction: "ci-failed", action: "send-to-agent", dedupeKey: "k", attempt: 0, dueAt: 0 },
  },
  status: statusChanged("working", "ci_failed", "ci_failing"),
  delivered: { type: "reaction.delivered", payload: { ...FACTS, bytes: 10, sha256: "ab" } },
} satisfies Record<string, AoEvent>;

function append(store: Store, event: AoEvent, sessionId: string | null = null): void {
  writeTransaction(store, (tx) => appendEvent(tx, { ...event, sessionId }));
}

/** A row of a type this build does not know, as another ao build could have written it. */
function appendForeign(store: Store, type: string): void {
  store.db
    .prepare("INSERT INTO events (session_id, type, payload, created_at) VALUES (NULL, ?, '{}', 0)")
    .run(type);
}

const types = (events: StoredEvent[]) => events.map((event) => event.type);

describe("event log", () => {
  it("filters by session and by type or type family, newest n oldest first", () => {
    const ctx = makeTestContext();
    const store = openStore(ctx);
    append(store, EVENTS.planned);
    append(store, EVENTS.status, "app-2");
    append(store, EVENTS.delivered);
    appendForeign(store, "reactionary");
    closeStore(store);

    expect(types(readEvents(ctx, { type: "reaction" }))).toEqual(["reaction.planned", "reaction.delivered"]);
    expect(types(readEvents(ctx, { type: "reaction.delivered" }))).toEqual(["reaction.delivered"]);
    // A row this build does not know is still history: listed, never dropped.
    expect(types(readEvents(ctx, { limit: 2 }))).toEqual(["reaction.delivered", "reactionary"]);
    expect(types(readEvents(ctx, { sessionId: "app-2" }))).toEqual(["session.status"]);
    // A session id with no events that names no session is a mistake, not "no events" (ao events --session).
    expect(() => readEvents(ctx, { sessionId: "app-1" })).toThrow(/no session app-1/);
  });

  it("follows new events after the newest ones until aborted", async () => {
    const ctx = makeTestContext();
    const writer = openStore(ctx);
    append(writer, EVENTS.planned);
    append(writer, EVENTS.status);
    const controller = new AbortController();
    const batches: string[][] = [];
    await followEvents(ctx, { limit: 1, signal: controller.signal, intervalMs: 5 }, (events) => {
      batches.push(types(events));
      if (batches.length === 1) append(writer, EVENTS.delivered);
      else controller.abort();
    });
    closeStore(writer);
    expect(batches).toEqual([["session.status"], ["reaction.delivered"]]);
  });

  it("follows one family only, page by page when far behind, missing nothing", async () => {
    const ctx = makeTestContext();
    const writer = openStore(ctx);
    const controller = new AbortController();
    const batches: StoredEvent[][] = [];
    const following = followEvents(
      ctx,
      { type: "reaction", signal: controller.signal, intervalMs: 5 },
      (events) => {
        batches.push(events);
        if (batches.flat().length >= 1200) controller.abort();
      },
    );
    // followEvents read the newest events before its first wait; these all arrive after, at once.
    writeTransaction(writer, (tx) => {
      for (let n = 0; n < 1200; n += 1) {
        appendEvent(tx, EVENTS.status);
        appendEvent(tx, { ...EVENTS.delivered, payload: { ...FACTS, bytes: n, sha256: "ab" } });
      }
    });
    await following;
    closeStore(writer);
    const seen = batches.flat();
    expect(seen.map((event) => event.payload["bytes"])).toEqual(Array.from({ length: 1200 }, (_, n) => n));
    expect(new Set(types(seen))).toEqual(new Set(["reaction.delivered"]));
    expect(Math.max(...batches.map((batch) => batch.length))).toBeLessThanOrEqual(500);
    expect(batches.length).toBeGreaterThan(2);
  });
});
