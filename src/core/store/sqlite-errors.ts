import { AoError } from "../errors.js";
import { isWriteFailure, writeFailureError } from "../write-failure.js";

interface SqliteErrorLike {
  readonly name: string;
  readonly code: string;
  readonly message: string;
}

function isSqliteError(error: unknown): error is SqliteErrorLike {
  return (
    error instanceof Error &&
    error.name === "SqliteError" &&
    typeof (error as { code?: unknown }).code === "string"
  );
}

export function isCorruptionError(error: unknown): boolean {
  return isSqliteError(error) && (error.code === "SQLITE_NOTADB" || error.code.startsWith("SQLITE_CORRUPT"));
}

/** The one message for a damaged ao.db, whether it was found at open or in the middle of work. */
export function corruptStoreError(path: string, why: string, cause?: unknown): AoError {
  return new AoError("E_STORE_CORRUPT", `the state database ${path} is damaged (${why})`, {
    hint:
      `move it aside with \`mv ${path} ${path}.corrupt\` (and any ${path}-wal / ${path}-shm next to it); ` +
      "ao then starts with an empty database. Lost: the session list, event history and pending reactions. " +
      "Worktrees, branches and pull requests are untouched; `sqlite3 <file> .recover` may salvage rows.",
    details: { file: path, reason: why },
    cause,
  });
}

/**
 * Turns what better-sqlite3 throws into an AoError a person can act on. AoErrors (and anything that
 * is not a SQLite error, e.g. a bug in a transaction body) pass through unchanged.
 */
export function translateSqliteError(error: unknown, path: string): unknown {
  if (!isSqliteError(error)) return error;
  if (isCorruptionError(error)) return corruptStoreError(path, error.message, error);
  if (error.code.startsWith("SQLITE_BUSY") || error.code.startsWith("SQLITE_LOCKED")) {
    return new AoError("E_STORE_FAILED", `the state database ${path} stayed locked by another ao process`, {
      hint: "retry; if it keeps happening, look for a stuck ao process holding the database",
      details: { file: path, sqlite: error.code },
      cause: error,
    });
  }
  if (isWriteFailure(error)) {
    // SQLite rolls back a transaction it could not write: what was committed before is what is there.
    return writeFailureError(
      path,
      error,
      "the database as of its last completed change (this one was rolled back)",
    );
  }
  return new AoError("E_STORE_FAILED", `the state database ${path} failed: ${error.message}`, {
    details: { file: path, sqlite: error.code },
    cause: error,
  });
}
