import { copyFile, rename, stat } from "node:fs/promises";
import { isAoError } from "../../errors.js";
import type { AoPaths } from "../../paths.js";
import { checkStoreFile, listStoreBackups } from "../../store/index.js";
import { shellQuote, type Repair } from "./repair.js";

export interface EmptyStoreOptions {
  /** `--move-aside-store`: with no backup to restore, move the empty ao.db aside (ao starts afresh). */
  readonly moveAside?: boolean | undefined;
}

/**
 * An empty ao.db (store-file.ts refuses it): set aside with its -wal and -shm, then replaced by the
 * newest backup in AO_HOME/backups. With no backup, only on request (`--move-aside-store`): set aside,
 * so the next command starts an empty database. Nothing is deleted; the old files keep their bytes.
 */
export async function findEmptyStoreRepairs(
  paths: AoPaths,
  now: number,
  options: EmptyStoreOptions = {},
): Promise<Repair[]> {
  if (!isEmptyStore(paths.database)) return [];
  const aside = `${paths.database}.empty-${new Date(now).toISOString().replace(/[:.]/g, "-")}`;
  const [backup] = await listStoreBackups(paths);
  const problem = `${paths.database} is empty (0 bytes)`;
  if (backup === undefined && options.moveAside !== true) return [];
  const move = `mv ${shellQuote(paths.database)} ${shellQuote(aside)}`;
  return [
    {
      id: `store:${paths.database}`,
      title: "empty state database",
      problem: backup === undefined ? `${problem} and AO_HOME/backups holds no backup` : problem,
      action:
        backup === undefined ? move : `${move} && cp ${shellQuote(backup)} ${shellQuote(paths.database)}`,
      apply: async () => {
        await setAside(paths.database, aside);
        if (backup !== undefined) await copyFile(backup, paths.database);
      },
    },
  ];
}

function isEmptyStore(path: string): boolean {
  try {
    checkStoreFile(path);
    return false;
  } catch (error) {
    return isAoError(error) && (error.details as { reason?: unknown } | undefined)?.reason === "empty";
  }
}

/** ao.db and the -wal and -shm beside it (SQLite would discard a WAL whose database is empty). */
async function setAside(database: string, aside: string): Promise<void> {
  for (const suffix of ["-wal", "-shm", ""]) {
    const present = await stat(`${database}${suffix}`).catch(() => undefined);
    if (present !== undefined) await rename(`${database}${suffix}`, `${aside}${suffix}`);
  }
}
