import { createRequire } from "node:module";
import type BetterSqlite3 from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { initialSchema } from "../../../src/core/store/migrations/001-initial.js";
import { lifecycleColumns } from "../../../src/core/store/migrations/002-lifecycle.js";
import { makeTestContext } from "../../helpers/test-context.js";
import {
  LATEST_SCHEMA_VERSION,
  closeStore,
  openStore,
  readSchemaVersion,
  claimNextTurn,
  dropQueuedTurn,
  endTurn,
  insertTurn,
  listEvents,
  listTurns,
  markTurnDelivered,
  markTurnStarted,
  openTurnOf,
  recordTurnCursor,
  requireTurn,
  writeTransaction,
  type Store,
  type TurnClaimant,
} from "../../../src/core/store/index.js";
import { openTestStore, reopen } from "./store-fixture.js";

const A: TurnClaimant = { pid: 101, host: "here", token: "claim-a" };
const B: TurnClaimant = { pid: 102, host: "here", token: "claim-b" };

function queue(store: Store, sessionId: string, text: string, reactionId?: number) {
  return writeTransaction(store, (tx) =>
    insertTurn(tx, {
      sessionId,
      origin: reactionId === undefined ? "cli" : "reaction",
      text,
      sha256: "h",
      reactionId,
    }),
  );
}
const claim = (store: Store, sessionId: string, who: TurnClaimant) =>
  writeTransaction(store, (tx) => claimNextTurn(tx, sessionId, who));

describe("turns", () => {
  it("numbers turns t-1, t-2… across sessions and records turn.queued with size and hash, never the text", () => {
    const { store } = openTestStore();
    expect(queue(store, "app-1", "hello").turn.id).toBe("t-1");
    expect(queue(store, "app-2", "héllo").turn).toMatchObject({
      id: "t-2",
      message: { bytes: 6 },
      status: "queued",
    });
    const events = listEvents(store);
    expect(events.map((event) => [event.type, event.sessionId, event.payload["turnId"]])).toEqual([
      ["turn.queued", "app-1", "t-1"],
      ["turn.queued", "app-2", "t-2"],
    ]);
    expect(JSON.stringify(events)).not.toContain("hello");
  });

  it("gives a reaction one turn: inserting it again returns the first and records nothing", () => {
    const { store } = openTestStore();
    const first = queue(store, "app-1", "ci failed", 7);
    const again = queue(store, "app-1", "ci failed", 7);
    expect(again).toEqual({ isNew: false, turn: first.turn });
    expect(listTurns(store)).toHaveLength(1);
    expect(listEvents(store)).toHaveLength(1);
  });

  it("claims one turn per session at a time, oldest first, compare-and-set between two connections", () => {
    const { store, ctx } = openTestStore();
    const other = reopen(ctx);
    queue(store, "app-1", "one");
    queue(store, "app-1", "two");
    queue(store, "app-2", "elsewhere");
    expect(claim(store, "app-1", A)?.id).toBe("t-1");
    // The other process finds the session busy: nothing to claim, however often it asks.
    expect(claim(other, "app-1", B)).toBeUndefined();
    expect(claim(other, "app-2", B)?.id).toBe("t-3");
    expect(openTurnOf(other, "app-1")).toMatchObject({ id: "t-1", status: "delivering", claimant: A });
    // Only the claim that holds it can mark it delivered.
    expect(
      writeTransaction(other, (tx) =>
        markTurnDelivered(tx, "t-1", { token: B.token, attempts: 1, confirmed: true }),
      ),
    ).toBeUndefined();
    const running = writeTransaction(store, (tx) =>
      markTurnDelivered(tx, "t-1", { token: A.token, attempts: 1, confirmed: true }),
    );
    expect(running).toMatchObject({ status: "running", messageText: null });
    expect(claim(other, "app-1", B)).toBeUndefined();
    writeTransaction(store, (tx) =>
      endTurn(tx, "t-1", { status: "completed", reply: "ok", replySource: "hook" }),
    );
    expect(claim(other, "app-1", B)?.id).toBe("t-2");
  });

  it("refuses a second open turn in a session even when written by hand (a unique index)", () => {
    const { store } = openTestStore();
    queue(store, "app-1", "one");
    queue(store, "app-1", "two");
    claim(store, "app-1", A);
    expect(() => store.db.prepare("UPDATE turns SET status = 'running' WHERE id = 2").run()).toThrow(
      /UNIQUE/,
    );
  });

  it("starts once, ends once, and moves the cursor only from where the caller saw it", () => {
    const { store } = openTestStore();
    queue(store, "app-1", "one");
    claim(store, "app-1", A);
    writeTransaction(store, (tx) => {
      expect(recordTurnCursor(tx, "t-1", "c1", null)).toBe(true);
      expect(recordTurnCursor(tx, "t-1", "c2", null)).toBe(false);
      markTurnDelivered(tx, "t-1", { token: A.token, attempts: 2, confirmed: true });
      expect(markTurnStarted(tx, "t-1", 5)).toBeDefined();
      expect(markTurnStarted(tx, "t-1", 6)).toBeUndefined();
      expect(
        endTurn(tx, "t-1", { status: "failed", error: "token ghp_abcdefghijklmnopqrstuvwxyz123456 refused" }),
      ).toBeDefined();
      expect(endTurn(tx, "t-1", { status: "completed" })).toBeUndefined();
    });
    expect(requireTurn(store, "t-1")).toMatchObject({ status: "failed", startedAt: 5, cursor: "c1" });
    expect(requireTurn(store, "t-1").error).toBe("token [redacted] refused");
    expect(listEvents(store).map((event) => event.type)).toEqual([
      "turn.queued",
      "turn.delivering",
      "turn.delivered",
      "turn.started",
      "turn.ended",
    ]);
    expect(listEvents(store).at(-1)?.payload).toMatchObject({
      status: "failed",
      error: "token [redacted] refused",
    });
  });

  it("drops only queued turns, with the reason, and says which turn ids it does not know", () => {
    const { store } = openTestStore();
    queue(store, "app-1", "one");
    claim(store, "app-1", A);
    queue(store, "app-1", "two");
    writeTransaction(store, (tx) => {
      expect(dropQueuedTurn(tx, "t-1", "gone")).toBeUndefined();
      expect(dropQueuedTurn(tx, "t-2", "not delivered: its session is merged")).toMatchObject({
        status: "failed",
      });
    });
    expect(requireTurn(store, "t-2")).toMatchObject({
      messageText: null,
      error: "not delivered: its session is merged",
    });
    expect(() => requireTurn(store, "t-9")).toThrow(/no turn t-9/);
    expect(() => requireTurn(store, "9")).toThrow(/"9" is not a turn id/);
  });
});

describe("migration 004: turns", () => {
  it("adds the turns table to a version 2 database and keeps its rows", () => {
    const ctx = makeTestContext();
    const Database = createRequire(import.meta.url)("better-sqlite3") as typeof BetterSqlite3;
    const old = new Database(ctx.paths.database);
    old.exec(initialSchema.sql);
    old.exec(lifecycleColumns.sql);
    old.pragma("user_version = 2");
    old
      .prepare(
        `INSERT INTO sessions (id, project, branch, worktree, runtime, agent, status, created_at, updated_at)
         VALUES ('app-1', 'app', 'b', '/wt', 'tmux', 'claude-code', 'working', 1, 2)`,
      )
      .run();
    old.close();
    const store = openStore(ctx);
    try {
      expect(readSchemaVersion(store.db)).toBe(LATEST_SCHEMA_VERSION);
      expect(listTurns(store)).toEqual([]);
      expect(queue(store, "app-1", "first after the upgrade").turn.id).toBe("t-1");
      expect(() => store.db.prepare("UPDATE turns SET status = 'finished' WHERE id = 1").run()).toThrow(
        /CHECK/,
      );
    } finally {
      closeStore(store);
    }
  });
});
