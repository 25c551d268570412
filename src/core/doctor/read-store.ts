import { existsSync } from "node:fs";
import type { AoContext } from "../context.js";
import { isAoError } from "../errors.js";
import { closeStore, openStore, type Store } from "../store/index.js";
import type { DoctorCheck } from "./check.js";

/** What a doctor check read from the state database: nothing when there is none yet, or why it could not. */
export type StoreReading<T> =
  | { readonly kind: "absent" }
  | { readonly kind: "read"; readonly value: T }
  | { readonly kind: "unreadable"; readonly line: Pick<DoctorCheck, "status" | "detail" | "fix"> };

/**
 * Reads the state database for a check about sessions. Doctor creates nothing, so a missing ao.db
 * is `absent`; a database that does not open (damaged, a newer ao's) is the store check's failure,
 * and the check says it could not look rather than calling the sessions fine.
 */
export function readStore<T>(
  ctx: Pick<AoContext, "paths" | "clock">,
  read: (store: Store) => T,
): StoreReading<T> {
  if (!existsSync(ctx.paths.database)) return { kind: "absent" };
  let store: Store;
  try {
    store = openStore(ctx);
  } catch (error) {
    if (!isAoError(error)) throw error;
    const line = { status: "warn" as const, detail: `not checked: ${error.message}`, fix: error.hint };
    return { kind: "unreadable", line };
  }
  try {
    return { kind: "read", value: read(store) };
  } finally {
    closeStore(store);
  }
}
