import { randomBytes } from "node:crypto";
import { linkSync, mkdirSync, rmSync, statSync } from "node:fs";
import { dirname } from "node:path";
import { AoError } from "../errors.js";
import type { Database } from "./store.js";
import { loadSqliteDriver } from "./sqlite-driver.js";

/**
 * Refuses an ao.db that exists but cannot be the store: an empty (0-byte) file is what a full disk,
 * a bad copy or a truncating editor leaves, and SQLite would take it as a new database — forgetting
 * every session while their worktrees stay, so new ids collide with them — and would delete the
 * ao.db-wal beside it. ao itself never leaves an empty ao.db (createStoreFile). Returns false when
 * there is no file at all: a new AO_HOME, which starts fresh.
 */
export function checkStoreFile(path: string): boolean {
  let size: number;
  try {
    const stat = statSync(path, { throwIfNoEntry: false });
    if (stat === undefined) return false;
    size = stat.size;
  } catch (error) {
    throw new AoError(
      "E_STORE_FAILED",
      `cannot read the state database ${path}: ${(error as Error).message}`,
      {
        hint: "check AO_HOME's permissions (ao doctor says more)",
        details: { file: path },
        cause: error,
      },
    );
  }
  if (size === 0) throw emptyStoreError(path);
  return true;
}

/** The one message for an empty ao.db: what is lost if it is replaced, and the way back. */
export function emptyStoreError(path: string): AoError {
  return new AoError(
    "E_STORE_CORRUPT",
    `the state database ${path} is empty (0 bytes): ao will not start a new one over it`,
    {
      hint:
        "`ao doctor --fix` restores the newest backup from AO_HOME/backups (ao keeps one at every daemon start); " +
        "with no backup, `ao doctor --fix --move-aside-store` moves it aside and ao starts an empty database " +
        "(sessions are forgotten; worktrees and branches stay)",
      details: { file: path, reason: "empty" },
    },
  );
}

/**
 * Creates ao.db whole: built under a temporary name by `init`, then hard-linked into place, which
 * fails rather than replaces when another process created it first. So an empty ao.db is never
 * ao's own doing, and two commands starting on a fresh AO_HOME agree on one database.
 */
export function createStoreFile(path: string, init: (db: Database) => void): void {
  // 0o700: AO_HOME holds prompts and logs that can quote private repositories.
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const temp = `${path}.new-${process.pid}-${randomBytes(4).toString("hex")}`;
  try {
    const db = loadSqliteDriver()(temp);
    try {
      init(db);
    } finally {
      db.close();
    }
    linkSync(temp, path);
  } catch (error) {
    if ((error as { code?: unknown }).code !== "EEXIST") throw error;
  } finally {
    for (const suffix of ["", "-wal", "-shm"]) rmSync(`${temp}${suffix}`, { force: true });
  }
}
