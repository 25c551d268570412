import { mkdir, readdir, rename, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import type { AoPaths } from "../paths.js";
import type { Store } from "./store.js";

/** How many backups AO_HOME/backups keeps; the oldest beyond this are deleted after a new one. */
export const MAX_STORE_BACKUPS = 3;

const PREFIX = "ao-";
const SUFFIX = ".db";

export function storeBackupsDir(paths: Pick<AoPaths, "home">): string {
  return join(paths.home, "backups");
}

/** The backups there are, newest first (their names sort by the time they were taken). */
export async function listStoreBackups(paths: Pick<AoPaths, "home">): Promise<string[]> {
  const dir = storeBackupsDir(paths);
  const names = await readdir(dir).catch(() => [] as string[]);
  const backups = names.filter((name) => name.startsWith(PREFIX) && name.endsWith(SUFFIX)).sort();
  const whole: string[] = [];
  for (const name of backups.reverse()) {
    const size = (await stat(join(dir, name)).catch(() => undefined))?.size ?? 0;
    if (size > 0) whole.push(join(dir, name));
  }
  return whole;
}

/**
 * A consistent copy of the open store (SQLite's online backup API: other connections keep working)
 * in AO_HOME/backups/ao-<time>.db, written under a temporary name and renamed, so a backup is whole
 * or absent. Taken at every daemon start; `ao doctor --fix` restores the newest over an empty ao.db.
 */
export async function backupStore(store: Store, paths: Pick<AoPaths, "home">, now: number): Promise<string> {
  const dir = storeBackupsDir(paths);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const stamp = new Date(now).toISOString().replace(/[:.]/g, "-");
  const target = join(dir, `${PREFIX}${stamp}${SUFFIX}`);
  const temp = join(dir, `.${PREFIX}${stamp}.partial`);
  try {
    await store.db.backup(temp);
    await rename(temp, target);
  } finally {
    await rm(temp, { force: true });
  }
  const older = (await listStoreBackups(paths)).slice(MAX_STORE_BACKUPS);
  for (const path of older) await rm(path, { force: true });
  return target;
}
