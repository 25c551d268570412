import { describe, expect, it } from "vitest";
import { deleteMeta, getMeta, setMeta, writeTransaction } from "../../../src/core/store/index.js";
import { openTestStore, reopen } from "./store-fixture.js";

describe("meta", () => {
  it("stores, overwrites and forgets a value, visible to other connections", () => {
    const { store, ctx } = openTestStore();
    expect(getMeta(store, "daemon.lastPoll")).toBeUndefined();
    writeTransaction(store, (tx) => setMeta(tx, "daemon.lastPoll", "1"));
    writeTransaction(store, (tx) => setMeta(tx, "daemon.lastPoll", "2"));
    expect(getMeta(reopen(ctx), "daemon.lastPoll")).toBe("2");
    writeTransaction(store, (tx) => deleteMeta(tx, "daemon.lastPoll"));
    expect(getMeta(store, "daemon.lastPoll")).toBeUndefined();
  });
});
