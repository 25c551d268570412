import { createRequire } from "node:module";
import type BetterSqlite3 from "better-sqlite3";
import { describe, expect, it } from "vitest";
import {
  LATEST_SCHEMA_VERSION,
  insertSession,
  listEvents,
  openStore,
  readSchemaVersion,
  recordObservation,
  requireSession,
  updateSession,
  writeTransaction,
  type PrState,
  type Store,
} from "../../../src/core/store/index.js";
import { initialSchema } from "../../../src/core/store/migrations/001-initial.js";
import { makeTestContext } from "../../helpers/test-context.js";
import { openTestStore } from "./store-fixture.js";
import { sessionCreated, statusChanged } from "../../helpers/events.js";

function addSession(store: Store, id = "app-1"): void {
  writeTransaction(store, (tx) =>
    insertSession(
      tx,
      { id, project: "app", branch: `b/${id}`, worktree: `/wt/${id}`, runtime: "tmux", agent: "claude-code" },
      sessionCreated(),
    ),
  );
}

const PR: PrState = {
  number: 4,
  state: "open",
  headSha: "a".repeat(40),
  ci: { state: "failing", failing: [{ name: "lint" }] },
  review: { decision: "none", threads: [] },
  mergeable: true,
  observedAt: 1_700_000_000_000,
  url: "https://forge.invalid/pull/4",
};

describe("migration 002: lifecycle columns", () => {
  it("gives a new session its status time and empty lifecycle fields", () => {
    const { store, clock } = openTestStore();
    addSession(store);
    expect(readSchemaVersion(store.db)).toBe(LATEST_SCHEMA_VERSION);
    expect(requireSession(store, "app-1")).toMatchObject({
      statusSince: clock.now(),
      prState: null,
      memory: null,
      lastActivityAt: null,
    });
  });

  it("migrates a version 1 database and keeps its rows", () => {
    const ctx = makeTestContext();
    const Database = createRequire(import.meta.url)("better-sqlite3") as typeof BetterSqlite3;
    const old = new Database(ctx.paths.database);
    old.exec(initialSchema.sql);
    old.pragma("user_version = 1");
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
      expect(requireSession(store, "app-1")).toMatchObject({
        status: "working",
        updatedAt: 2,
        statusSince: null,
        prState: null,
        memory: null,
        lastActivityAt: null,
        exit: null,
      });
    } finally {
      store.db.close();
    }
  });
});

describe("session lifecycle fields", () => {
  it("moves statusSince when the status changes, not when only other fields do", () => {
    const { store, clock } = openTestStore();
    addSession(store);
    const created = clock.now();
    clock.advance(1000);
    writeTransaction(store, (tx) =>
      updateSession(tx, "app-1", { reason: "x" }, statusChanged("spawning", "spawning", "x")),
    );
    expect(requireSession(store, "app-1").statusSince).toBe(created);
    clock.advance(1000);
    writeTransaction(store, (tx) =>
      updateSession(tx, "app-1", { status: "working" }, statusChanged("spawning", "working")),
    );
    expect(requireSession(store, "app-1").statusSince).toBe(created + 2000);
  });

  it("records observations as JSON without an event", () => {
    const { store } = openTestStore();
    addSession(store);
    const before = listEvents(store).length;
    writeTransaction(store, (tx) =>
      recordObservation(tx, "app-1", {
        prState: PR,
        memory: { runtime: "suspect", reported: { ci_failed: [PR.headSha] } },
        lastActivityAt: 5,
        activity: "idle",
      }),
    );
    expect(requireSession(store, "app-1")).toMatchObject({
      prState: PR,
      memory: { runtime: "suspect", reported: { ci_failed: [PR.headSha] } },
      lastActivityAt: 5,
      activity: "idle",
    });
    expect(listEvents(store)).toHaveLength(before);
    writeTransaction(store, (tx) => recordObservation(tx, "app-1", { prState: null }));
    expect(requireSession(store, "app-1").prState).toBeNull();
  });
});
