import { AoError } from "../errors.js";
import { statement, type WriteTx } from "./store.js";

const PREFIX = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;

/**
 * The next `<prefix>-<n>` id, n counting from 1. Runs in the caller's write transaction, so two
 * processes never get the same id, and a counter that only goes up means a deleted session's id is
 * never reused (its events still name it).
 */
export function allocateSessionId(tx: WriteTx, prefix: string): string {
  if (!PREFIX.test(prefix)) {
    throw new AoError("E_USAGE", `"${prefix}" cannot start a session id`, {
      hint: "a session prefix is letters, digits, '.', '_' or '-', starting with a letter or digit",
      details: { prefix },
    });
  }
  const row = statement(
    tx,
    `INSERT INTO session_counters (prefix, next) VALUES (?, 2)
     ON CONFLICT (prefix) DO UPDATE SET next = next + 1
     RETURNING next - 1 AS n`,
  ).get(prefix) as { n: number };
  return `${prefix}-${row.n}`;
}
