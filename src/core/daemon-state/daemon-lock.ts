import { existsSync, mkdirSync } from "node:fs";
import { dirname } from "node:path";
import type BetterSqlite3 from "better-sqlite3";
import { loadSqliteDriver } from "../store/sqlite-driver.js";
import { isWriteFailure, writeFailureError } from "../write-failure.js";

/** Held for the life of the daemon; the kernel drops it when the process dies, however it dies. */
export interface DaemonLock {
  release(): void;
}

/**
 * How long a start waits for the lock: long enough to ride out `ao status` probing it for a
 * moment, short enough that a second `ao start` is refused promptly.
 */
const ACQUIRE_WAIT_MS = 2000;

/**
 * Takes AO_HOME/daemon.lock, or returns undefined when another process holds it.
 *
 * The lock is an exclusive SQLite transaction on a file of its own (docs/daemon.md): SQLite locks
 * files with fcntl, which the kernel releases when the holder exits, even by SIGKILL, and which
 * children started by the daemon do not inherit. A stale file therefore never blocks a start.
 */
export function acquireDaemonLock(lockPath: string, waitMs = ACQUIRE_WAIT_MS): DaemonLock | undefined {
  let db: BetterSqlite3.Database | undefined;
  try {
    mkdirSync(dirname(lockPath), { recursive: true, mode: 0o700 });
    db = openLockFile(lockPath, waitMs);
    if (!tryExclusive(db)) {
      db.close();
      return undefined;
    }
  } catch (error) {
    db?.close();
    if (!isWriteFailure(error)) throw error;
    throw writeFailureError(
      lockPath,
      error,
      "everything: the lock only records which daemon runs, and nothing else was written",
    );
  }
  const held = db;
  return {
    release() {
      if (!held.open) return;
      if (held.inTransaction) held.exec("ROLLBACK");
      held.close();
    },
  };
}

/** Whether some process holds the lock right now. Creates nothing when there is no lock file. */
export function isDaemonLockHeld(lockPath: string): boolean {
  if (!existsSync(lockPath)) return false;
  const lock = acquireDaemonLock(lockPath, 0);
  lock?.release();
  return lock === undefined;
}

function openLockFile(lockPath: string, waitMs: number): BetterSqlite3.Database {
  // The file stays in SQLite's default rollback-journal mode (nothing here ever switches it to WAL):
  // there BEGIN EXCLUSIVE shuts out every other connection, readers included.
  return loadSqliteDriver()(lockPath, { timeout: waitMs });
}

function tryExclusive(db: BetterSqlite3.Database): boolean {
  try {
    db.exec("BEGIN EXCLUSIVE");
    return true;
  } catch (error) {
    if ((error as { code?: unknown }).code === "SQLITE_BUSY") return false;
    throw error;
  }
}
