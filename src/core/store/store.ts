import type BetterSqlite3 from "better-sqlite3";
import type { Clock } from "../context.js";
import { translateSqliteError } from "./sqlite-errors.js";

export type Database = BetterSqlite3.Database;

/** An open ao.db. Read functions take a Store; write functions take the WriteTx of writeTransaction. */
export interface Store {
  readonly db: Database;
  /** The database file, for messages. */
  readonly path: string;
  /** Every timestamp the store writes comes from here (ctx.clock), never from Date.now(). */
  readonly clock: Clock;
}

declare const writeTxBrand: unique symbol;

/**
 * A Store inside a `BEGIN IMMEDIATE` transaction. Write functions demand this type, so a write
 * outside a transaction (or an event outside its state change's transaction) does not compile.
 */
export type WriteTx = Store & { readonly [writeTxBrand]: true };

/**
 * Runs `fn` in a `BEGIN IMMEDIATE` transaction: the write lock is taken up front, so two writers
 * wait for each other (busy_timeout) instead of deadlocking on a read-to-write upgrade. Commits
 * when `fn` returns, rolls back when it throws. `fn` must be synchronous. Nested calls become
 * savepoints of the outer transaction.
 */
export function writeTransaction<T>(store: Store, fn: (tx: WriteTx) => T): T {
  const tx = store as WriteTx;
  try {
    return store.db.transaction(() => fn(tx)).immediate();
  } catch (error) {
    throw translateSqliteError(error, store.path);
  }
}

const statementCache = new WeakMap<Database, Map<string, BetterSqlite3.Statement>>();

/** A prepared statement, compiled once per connection. */
export function statement(store: Store, sql: string): BetterSqlite3.Statement {
  let cache = statementCache.get(store.db);
  if (!cache) {
    cache = new Map();
    statementCache.set(store.db, cache);
  }
  let prepared = cache.get(sql);
  if (!prepared) {
    prepared = store.db.prepare(sql);
    cache.set(sql, prepared);
  }
  return prepared;
}
