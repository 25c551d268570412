import { AoError } from "../errors.js";
import { LATEST_SCHEMA_VERSION, MIGRATIONS } from "./migrations/index.js";
import { corruptStoreError } from "./sqlite-errors.js";
import type { Database } from "./store.js";

export function readSchemaVersion(db: Database): number {
  return db.pragma("user_version", { simple: true }) as number;
}

/** Refuses, before anything is written, a schema newer than this build; returns the file's version. */
export function checkSchemaVersion(db: Database, path: string): number {
  const version = readSchemaVersion(db);
  if (version > LATEST_SCHEMA_VERSION) throw tooNewError(path, version);
  return version;
}

/**
 * `PRAGMA quick_check` reads every page, so its cost grows with the event log: openStore runs it only
 * before a migration (the one time ao rewrites the schema), and `ao doctor` runs it on demand.
 * quick_check(1): the first problem is enough to refuse the file, and keeps the message short.
 */
export function checkStoreIntegrity(db: Database, path: string): void {
  const answer = db.pragma("quick_check(1)", { simple: true }) as string | undefined;
  if (answer === "ok") return;
  const problem = (answer ?? "no answer").split("\n").find((line) => !line.startsWith("***")) ?? answer;
  throw corruptStoreError(path, `quick_check: ${problem}`);
}

/**
 * Applies the migrations the file lacks in one `BEGIN IMMEDIATE` transaction. The version is read
 * again under the write lock because another process may have migrated in the meantime.
 */
export function migrateStore(db: Database, path: string): void {
  if (readSchemaVersion(db) === LATEST_SCHEMA_VERSION) return;
  const migrate = db.transaction(() => {
    const current = readSchemaVersion(db);
    if (current > LATEST_SCHEMA_VERSION) throw tooNewError(path, current);
    for (const migration of MIGRATIONS) {
      if (migration.version <= current) continue;
      db.exec(migration.sql);
      db.pragma(`user_version = ${migration.version}`);
    }
  });
  migrate.immediate();
}

function tooNewError(path: string, version: number): AoError {
  return new AoError(
    "E_STORE_TOO_NEW",
    `the state database ${path} has schema version ${version}, newer than this ao knows (${LATEST_SCHEMA_VERSION})`,
    {
      hint: "a newer ao has used this AO_HOME: upgrade ao (npm install -g agent-orchestrator@latest), or set AO_HOME to another directory",
      details: { file: path, version, supported: LATEST_SCHEMA_VERSION },
    },
  );
}
