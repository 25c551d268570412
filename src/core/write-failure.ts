import { AoError } from "./errors.js";

/**
 * The errors a write gets from the disk rather than from ao: full, over quota, read-only, refused.
 * Node's errno codes and SQLite's (better-sqlite3 puts SQLite's extended code in `code`).
 */
const WRITE_CODES: Record<string, string> = {
  ENOSPC: "the disk is full",
  EDQUOT: "the disk quota is used up",
  EROFS: "the file system is read-only",
  EACCES: "permission denied",
  EPERM: "operation not permitted",
  SQLITE_FULL: "the disk is full",
  SQLITE_READONLY: "the database is read-only",
  SQLITE_CANTOPEN: "the file cannot be opened",
  SQLITE_IOERR: "the disk reported an I/O error",
};

/** `the disk is full` for ENOSPC (and SQLITE_FULL, SQLITE_IOERR_WRITE, …); the code itself otherwise. */
export function describeWriteCode(code: string): string {
  const base = Object.keys(WRITE_CODES).find((known) => code === known || code.startsWith(`${known}_`));
  return base === undefined ? code : (WRITE_CODES[base] as string);
}

/** Whether a thrown value is the disk refusing a write (as opposed to a bug in ao). */
export function isWriteFailure(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && describeWriteCode(code) !== code;
}

/**
 * The one message for a write the disk refused: the path, why (with the code), and what was kept,
 * so a person knows what state survived. `kept` completes "kept: …".
 */
export function writeFailureError(path: string, error: unknown, kept: string): AoError {
  const raw = (error as { code?: unknown } | null)?.code;
  const code = typeof raw === "string" ? raw : "unknown";
  return new AoError(
    "E_STORE_FAILED",
    `could not write ${path}: ${describeWriteCode(code)} (${code}); kept: ${kept}`,
    {
      hint: "free space on that disk (or make it writable), then run the command again; `ao doctor` checks AO_HOME",
      details: { path, code, kept },
      cause: error,
    },
  );
}
