import type { AoContext } from "../context.js";
import { checkSchemaVersion, checkStoreIntegrity } from "./migrate.js";
import { BUSY_TIMEOUT_MS } from "./open-store.js";
import { loadSqliteDriver } from "./sqlite-driver.js";
import { translateSqliteError } from "./sqlite-errors.js";
import { checkStoreFile } from "./store-file.js";

export type StoreVerdict =
  | { readonly exists: false; readonly path: string }
  | { readonly exists: true; readonly path: string; readonly version: number };

/**
 * The whole-file check openStore skips on an up-to-date database: the schema version and
 * `PRAGMA quick_check`, on a read-only connection, so a damaged file stays byte-identical and a
 * missing one is not created. Throws E_STORE_CORRUPT, E_STORE_TOO_NEW or E_STORE_FAILED.
 */
export function verifyStore(ctx: Pick<AoContext, "paths">): StoreVerdict {
  const path = ctx.paths.database;
  if (!checkStoreFile(path)) return { exists: false, path };
  const open = loadSqliteDriver();
  let db: ReturnType<typeof open> | undefined;
  try {
    db = open(path, { readonly: true, fileMustExist: true });
    db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    const version = checkSchemaVersion(db, path);
    checkStoreIntegrity(db, path);
    return { exists: true, path, version };
  } catch (error) {
    throw translateSqliteError(error, path);
  } finally {
    db?.close();
  }
}
