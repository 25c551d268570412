import { createRequire } from "node:module";
import type BetterSqlite3 from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { MIGRATIONS } from "../../../src/core/store/migrations/index.js";
import {
  LATEST_SCHEMA_VERSION,
  claimNextTurn,
  closeStore,
  endTurn,
  insertTurn,
  listEvents,
  markTurnDelivered,
  openStore,
  readSchemaVersion,
  requireTurn,
  writeTransaction,
  type Store,
} from "../../../src/core/store/index.js";
import type { TurnWork } from "../../../src/core/slots/index.js";
import { makeTestContext } from "../../helpers/test-context.js";
import { openTestStore } from "./store-fixture.js";

const WORK: TurnWork = {
  tools: [
    { kind: "edit", title: "Edit parser.ts", status: "completed", files: ["src/parser.ts:12"] },
    {
      kind: "execute",
      title: "Run curl -H 'Authorization: Bearer ghp_abcdefghijklmnopqrstuvwxyz123456'",
      status: "failed",
      files: [],
    },
  ],
  plan: [{ content: "fix the parser", status: "completed", priority: "high" }],
};

function runningTurn(store: Store): string {
  return writeTransaction(store, (tx) => {
    insertTurn(tx, { sessionId: "app-1", origin: "cli", text: "go", sha256: "h" });
    const turn = claimNextTurn(tx, "app-1", { pid: 1, host: "h", token: "t" })!;
    markTurnDelivered(tx, turn.id, { token: "t", attempts: 1, confirmed: true });
    return turn.id;
  });
}

describe("a turn's work (tool calls and plan)", () => {
  it("is kept with the ended turn, titles redacted, and counted in turn.ended", () => {
    const { store } = openTestStore();
    const id = runningTurn(store);
    writeTransaction(store, (tx) => endTurn(tx, id, { status: "completed", reply: "done", work: WORK }));
    const work = requireTurn(store, id).work;
    expect(work?.tools.map((tool) => tool.kind)).toEqual(["edit", "execute"]);
    expect(work?.tools[0]).toEqual(WORK.tools[0]);
    expect(work?.tools[1]?.title).not.toContain("ghp_abcdefghijklmnopqrstuvwxyz123456");
    expect(work?.plan).toEqual(WORK.plan);
    const ended = listEvents(store).find((event) => event.type === "turn.ended");
    expect(ended?.payload).toMatchObject({ tools: 2, planEntries: 1 });
  });

  it("is null for a turn whose agent reported none, and turn.ended says nothing of it", () => {
    const { store } = openTestStore();
    const id = runningTurn(store);
    writeTransaction(store, (tx) => endTurn(tx, id, { status: "completed", reply: "done" }));
    expect(requireTurn(store, id).work).toBeNull();
    const ended = listEvents(store).find((event) => event.type === "turn.ended");
    expect(ended?.payload).not.toHaveProperty("tools");
  });
});

describe("migration 010: turn work", () => {
  it("adds the column to a version 9 database and keeps its turns (work null)", () => {
    const ctx = makeTestContext();
    const Database = createRequire(import.meta.url)("better-sqlite3") as typeof BetterSqlite3;
    const old = new Database(ctx.paths.database);
    for (const migration of MIGRATIONS.filter((m) => m.version <= 9)) old.exec(migration.sql);
    old.pragma("user_version = 9");
    old
      .prepare(
        `INSERT INTO turns (session_id, origin, message_sha256, message_bytes, status, queued_at, ended_at,
           reply, updated_at) VALUES ('app-1', 'cli', 'h', 2, 'completed', 1, 2, 'ok', 2)`,
      )
      .run();
    old.close();
    const store = openStore(ctx);
    try {
      expect(readSchemaVersion(store.db)).toBe(LATEST_SCHEMA_VERSION);
      expect(requireTurn(store, "t-1")).toMatchObject({ status: "completed", reply: "ok", work: null });
    } finally {
      closeStore(store);
    }
  });
});
