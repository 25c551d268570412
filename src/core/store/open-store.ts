import { mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname } from "node:path";
import type BetterSqlite3 from "better-sqlite3";
import type { AoContext } from "../context.js";
import { AoError } from "../errors.js";
import { checkStoreHealth, migrateStore } from "./migrate.js";
import { translateSqliteError } from "./sqlite-errors.js";
import type { Database, Store } from "./store.js";

/** How long a connection waits for another process's write lock before giving up. */
export const BUSY_TIMEOUT_MS = 5000;

export type StoreContext = Pick<AoContext, "paths" | "clock">;

/**
 * Opens AO_HOME/ao.db, creating AO_HOME and the schema if needed. Refuses (without writing a byte)
 * a file that is not a healthy ao database or that a newer ao has migrated. better-sqlite3 is loaded
 * here, on first use, so commands that never touch state do not pay for the native module.
 */
export function openStore(ctx: StoreContext): Store {
  const path = ctx.paths.database;
  const db = connect(path);
  try {
    // Pragmas that write nothing come first; the health check must see the file as it was.
    db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    db.pragma("foreign_keys = ON");
    db.pragma("synchronous = NORMAL");
    checkStoreHealth(db, path);
    db.pragma("journal_mode = WAL");
    migrateStore(db, path);
  } catch (error) {
    db.close();
    throw translateSqliteError(error, path);
  }
  return { db, path, clock: ctx.clock };
}

export function closeStore(store: Store): void {
  if (store.db.open) store.db.close();
}

function connect(path: string): Database {
  let DatabaseClass: typeof BetterSqlite3;
  try {
    DatabaseClass = createRequire(import.meta.url)("better-sqlite3") as typeof BetterSqlite3;
  } catch (error) {
    throw new AoError("E_STORE_FAILED", "could not load better-sqlite3, the SQLite driver", {
      hint: "reinstall ao, or run `npm rebuild better-sqlite3` where it is installed",
      cause: error,
    });
  }
  try {
    // 0o700: AO_HOME holds prompts and logs that can quote private repositories.
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    return new DatabaseClass(path);
  } catch (error) {
    throw new AoError("E_STORE_FAILED", `could not open the state database ${path}: ${describe(error)}`, {
      hint: "check that AO_HOME points at a writable directory",
      details: { file: path },
      cause: error,
    });
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
