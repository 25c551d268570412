import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { AoError } from "../../../src/core/errors.js";
import {
  BUSY_TIMEOUT_MS,
  closeStore,
  LATEST_SCHEMA_VERSION,
  MIGRATIONS,
  openStore,
  readSchemaVersion,
  verifyStore,
} from "../../../src/core/store/index.js";
import { makeTempDir } from "../../helpers/temp-dir.js";
import { makeTestContext } from "../../helpers/test-context.js";
import { openTestStore, reopen, writeDamagedDatabase } from "./store-fixture.js";

function schemaOf(ctx: ReturnType<typeof makeTestContext>): unknown[] {
  const store = reopen(ctx);
  return store.db.prepare("SELECT type, name, sql FROM sqlite_master ORDER BY name").all();
}

describe("openStore", () => {
  it("creates AO_HOME and the schema from nothing", () => {
    const home = join(makeTempDir(), "not", "yet", "there");
    const ctx = makeTestContext({ home });
    const store = openStore(ctx);
    try {
      expect(existsSync(join(home, "ao.db"))).toBe(true);
      expect(readSchemaVersion(store.db)).toBe(LATEST_SCHEMA_VERSION);
      const tables = store.db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all();
      expect(tables).toEqual(
        expect.arrayContaining(["sessions", "session_counters", "events", "reactions", "meta"]),
      );
    } finally {
      closeStore(store);
    }
  });

  it("sets WAL, the busy timeout, foreign keys and NORMAL sync on every connection", () => {
    const { store } = openTestStore();
    expect(store.db.pragma("journal_mode", { simple: true })).toBe("wal");
    expect(store.db.pragma("busy_timeout", { simple: true })).toBe(BUSY_TIMEOUT_MS);
    expect(store.db.pragma("foreign_keys", { simple: true })).toBe(1);
    expect(store.db.pragma("synchronous", { simple: true })).toBe(1);
  });

  it("changes nothing when an up-to-date database is opened again", () => {
    const { ctx } = openTestStore();
    const before = schemaOf(ctx);
    const again = reopen(ctx);
    expect(readSchemaVersion(again.db)).toBe(LATEST_SCHEMA_VERSION);
    expect(schemaOf(ctx)).toEqual(before);
  });

  it("knows migrations numbered 1, 2, 3… with no gap, the last one the latest", () => {
    const versions = MIGRATIONS.map((migration) => migration.version);
    expect(versions).toEqual(versions.map((_, index) => index + 1));
    expect(LATEST_SCHEMA_VERSION).toBe(versions.at(-1));
  });
});

describe("openStore refuses a database it must not touch", () => {
  const hash = (path: string) => createHash("sha256").update(readFileSync(path)).digest("hex");

  function openError(ctx: ReturnType<typeof makeTestContext>): AoError {
    try {
      closeStore(openStore(ctx));
    } catch (error) {
      return error as AoError;
    }
    throw new Error("openStore succeeded");
  }

  it("reports random bytes as E_STORE_CORRUPT and leaves them byte-identical", () => {
    const ctx = makeTestContext();
    const bytes = Buffer.from(Array.from({ length: 8192 }, (_, i) => (i * 7919 + 13) % 251));
    writeFileSync(ctx.paths.database, bytes);
    const error = openError(ctx);
    expect(error.code).toBe("E_STORE_CORRUPT");
    expect(error.message).toContain(ctx.paths.database);
    expect(error.hint).toMatch(/mv .*ao\.db.*Lost:/s);
    expect(readFileSync(ctx.paths.database).equals(bytes)).toBe(true);
    expect(existsSync(`${ctx.paths.database}-wal`)).toBe(false);
  });

  it("runs quick_check before a migration: damaged pages are E_STORE_CORRUPT and left as they were", () => {
    const ctx = makeTestContext();
    writeDamagedDatabase(ctx, LATEST_SCHEMA_VERSION - 1);
    const before = hash(ctx.paths.database);
    const error = openError(ctx);
    expect(error.code).toBe("E_STORE_CORRUPT");
    expect(error.message).toContain("quick_check");
    expect(hash(ctx.paths.database)).toBe(before);
  });

  it("does not read an up-to-date file whole on open: its damaged pages are left to ao doctor", () => {
    const ctx = makeTestContext();
    writeDamagedDatabase(ctx);
    const before = hash(ctx.paths.database);
    const store = openStore(ctx);
    expect(readSchemaVersion(store.db)).toBe(LATEST_SCHEMA_VERSION);
    closeStore(store);
    expect(hash(ctx.paths.database)).toBe(before);
    expect(() => verifyStore(ctx)).toThrow(expect.objectContaining({ code: "E_STORE_CORRUPT" }));
  });

  it("reports a newer schema as E_STORE_TOO_NEW and leaves the file untouched", () => {
    const { store, ctx } = openTestStore();
    store.db.pragma("user_version = 999");
    closeStore(store);
    const before = hash(ctx.paths.database);
    const error = openError(ctx);
    expect(error.code).toBe("E_STORE_TOO_NEW");
    expect(error.hint).toMatch(/upgrade ao/);
    expect(error.details).toMatchObject({ version: 999, supported: LATEST_SCHEMA_VERSION });
    expect(hash(ctx.paths.database)).toBe(before);
  });

  it("reports an AO_HOME that cannot hold a database as E_STORE_FAILED", () => {
    const parent = makeTempDir();
    writeFileSync(join(parent, "file"), "not a directory");
    const error = openError(makeTestContext({ home: join(parent, "file") }));
    expect(error.code).toBe("E_STORE_FAILED");
    expect(error.cause).toBeDefined();
  });
});

describe("loading the store module", () => {
  it("does not load better-sqlite3 until a store is opened", () => {
    const dist = fileURLToPath(new URL("../../../dist/core/store/index.js", import.meta.url));
    const script = `
      import { createRequire } from "node:module";
      await import(${JSON.stringify(dist)});
      const loaded = Object.keys(createRequire(import.meta.url).cache).filter((p) => p.includes("better-sqlite3"));
      process.stdout.write(String(loaded.length));
    `;
    const result = spawnSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" });
    expect(result.stderr).toBe("");
    expect(result.stdout).toBe("0");
  });
});
