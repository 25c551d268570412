import type { AoContext } from "../context.js";
import { AoError, messageOf } from "../errors.js";
import { checkSchemaVersion, checkStoreIntegrity, migrateStore } from "./migrate.js";
import { LATEST_SCHEMA_VERSION } from "./migrations/index.js";
import { loadSqliteDriver } from "./sqlite-driver.js";
import { translateSqliteError } from "./sqlite-errors.js";
import { checkStoreFile, createStoreFile } from "./store-file.js";
import type { Database, Store } from "./store.js";

/** How long a connection waits for another process's write lock before giving up. */
export const BUSY_TIMEOUT_MS = 5000;

export type StoreContext = Pick<AoContext, "paths" | "clock">;

/**
 * Opens AO_HOME/ao.db, creating AO_HOME and the schema if needed. Refuses (without writing a byte)
 * a file that is not a database or that a newer ao has migrated, and one that fails quick_check when
 * it is about to be migrated. An up-to-date file is not read whole on every open (quick_check grows
 * with the event log); damage found later is still E_STORE_CORRUPT, and `ao doctor` checks it all.
 * better-sqlite3 is loaded here, on first use, so commands that never touch state do not pay for it.
 */
export function openStore(ctx: StoreContext): Store {
  const path = ctx.paths.database;
  if (!checkStoreFile(path)) createStore(path);
  const db = connect(path);
  try {
    prepare(db, path);
  } catch (error) {
    db.close();
    throw translateSqliteError(error, path);
  }
  return { db, path, clock: ctx.clock };
}

/** A new AO_HOME's database, schema and all, put in place whole (store-file.ts). */
function createStore(path: string): void {
  try {
    createStoreFile(path, (db) => prepare(db, path));
  } catch (error) {
    throw translateSqliteError(error, path);
  }
}

function prepare(db: Database, path: string): void {
  // Pragmas that write nothing come first; the health check must see the file as it was.
  db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  db.pragma("foreign_keys = ON");
  db.pragma("synchronous = NORMAL");
  const version = checkSchemaVersion(db, path);
  if (version !== LATEST_SCHEMA_VERSION) checkStoreIntegrity(db, path);
  db.pragma("journal_mode = WAL");
  migrateStore(db, path);
}

export function closeStore(store: Store): void {
  if (store.db.open) store.db.close();
}

function connect(path: string): Database {
  const open = loadSqliteDriver();
  try {
    return open(path, { fileMustExist: true });
  } catch (error) {
    throw new AoError("E_STORE_FAILED", `could not open the state database ${path}: ${messageOf(error)}`, {
      hint: "check that AO_HOME points at a writable directory",
      details: { file: path },
      cause: error,
    });
  }
}
