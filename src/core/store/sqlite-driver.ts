import { createRequire } from "node:module";
import type BetterSqlite3 from "better-sqlite3";
import { AoError } from "../errors.js";

/** better-sqlite3, loaded on first use so commands that never touch state skip the native module. */
export function loadSqliteDriver(): typeof BetterSqlite3 {
  try {
    return createRequire(import.meta.url)("better-sqlite3") as typeof BetterSqlite3;
  } catch (error) {
    throw new AoError("E_STORE_FAILED", "could not load better-sqlite3, the SQLite driver", {
      hint: "reinstall ao, or run `npm rebuild better-sqlite3` where it is installed",
      cause: error,
    });
  }
}
