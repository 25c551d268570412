import { createRequire } from "node:module";
import type BetterSqlite3 from "better-sqlite3";
import { AoError } from "../errors.js";

/** Opens one SQLite file with better-sqlite3 (its options as they are). */
export type OpenSqlite = (path: string, options?: BetterSqlite3.Options) => BetterSqlite3.Database;

/** Where node-gyp and prebuild-install both put the addon, inside the installed package. */
const ADDON = "better-sqlite3/build/Release/better_sqlite3.node";

/**
 * better-sqlite3, loaded on first use so commands that never touch state skip the native module.
 * The addon is named directly: better-sqlite3's own lookup (the `bindings` package) reads a stack
 * trace and tries a dozen paths, about 1 ms of every `ao status`; and scripts/build.mjs bundles the
 * package's JavaScript into one file, where that lookup would not find the addon at all.
 */
export function loadSqliteDriver(): OpenSqlite {
  return (driver ??= loadDriver());
}

/** One per process: `ao status` opens the store three times, and the addon's path does not move. */
let driver: OpenSqlite | undefined;

function loadDriver(): OpenSqlite {
  try {
    const require = createRequire(import.meta.url);
    const Database = require("better-sqlite3") as typeof BetterSqlite3;
    const nativeBinding = addonPath(require);
    return (path, options) => new Database(path, { ...(nativeBinding && { nativeBinding }), ...options });
  } catch (error) {
    throw new AoError("E_STORE_FAILED", "could not load better-sqlite3, the SQLite driver", {
      hint: "reinstall ao, or run `npm rebuild better-sqlite3` where it is installed",
      cause: error,
    });
  }
}

function addonPath(require: NodeJS.Require): string | undefined {
  try {
    return require.resolve(ADDON);
  } catch {
    return undefined;
  }
}
