import { describe, expect, it } from "vitest";
import { followEvents, readEvents } from "../../../src/core/daemon/event-log.js";
import {
  appendEvent,
  closeStore,
  openStore,
  writeTransaction,
  type Store,
} from "../../../src/core/store/index.js";
import { makeTestContext } from "../../helpers/test-context.js";

function append(store: Store, type: string, sessionId: string | null = null): void {
  writeTransaction(store, (tx) => appendEvent(tx, { type, sessionId, payload: { n: type } }));
}

describe("event log", () => {
  it("filters by session and by type or type family, newest n oldest first", () => {
    const ctx = makeTestContext();
    const store = openStore(ctx);
    append(store, "reaction.planned", null);
    append(store, "session.status", null);
    append(store, "reaction.delivered", null);
    append(store, "reactionary", null);
    closeStore(store);

    expect(readEvents(ctx, { type: "reaction" }).map((e) => e.type)).toEqual([
      "reaction.planned",
      "reaction.delivered",
    ]);
    expect(readEvents(ctx, { type: "reaction.delivered" }).map((e) => e.type)).toEqual([
      "reaction.delivered",
    ]);
    expect(readEvents(ctx, { limit: 2 }).map((e) => e.type)).toEqual(["reaction.delivered", "reactionary"]);
    expect(readEvents(ctx, { sessionId: "app-1" })).toEqual([]);
  });

  it("follows new events after the newest ones until aborted", async () => {
    const ctx = makeTestContext();
    const writer = openStore(ctx);
    append(writer, "first");
    append(writer, "second");
    const controller = new AbortController();
    const batches: string[][] = [];
    await followEvents(ctx, { limit: 1, signal: controller.signal, intervalMs: 5 }, (events) => {
      batches.push(events.map((e) => e.type));
      if (batches.length === 1) append(writer, "third");
      else controller.abort();
    });
    closeStore(writer);
    expect(batches).toEqual([["second"], ["third"]]);
  });
});
