import { readFile, readdir, rm, stat } from "node:fs/promises";
import { join } from "node:path";

/** A staging directory this old was left by a push that died between `git init` and the rename. */
const STALE_STAGING_MS = 60 * 60_000;

/**
 * Removes the push dirs (`AO_HOME/push/<hash>.git`, see prepare-push-dir.ts) whose repository's
 * object store is gone, and staging dirs a crashed push left behind. Run before each push, so the
 * directory holds one entry per repository that still exists. A push dir only borrows objects
 * through `objects/info/alternates` and holds no refs, so removing one loses nothing. A dir whose
 * alternates line is C-quoted (a control character in the path) or unreadable is kept.
 */
export async function prunePushDirs(root: string, keep: string, now = Date.now()): Promise<string[]> {
  const names = await readdir(root).catch(() => [] as string[]);
  const removed: string[] = [];
  for (const name of names) {
    const dir = join(root, name);
    if (dir === keep || !(await isStale(dir, name, now))) continue;
    await rm(dir, { recursive: true, force: true });
    removed.push(dir);
  }
  return removed;
}

async function isStale(dir: string, name: string, now: number): Promise<boolean> {
  if (name.startsWith(".new-")) {
    const info = await stat(dir).catch(() => undefined);
    return info !== undefined && now - info.mtimeMs > STALE_STAGING_MS;
  }
  if (!name.endsWith(".git")) return false;
  const line = await readFile(join(dir, "objects", "info", "alternates"), "utf8").catch(() => undefined);
  const objects = line?.trimEnd();
  if (objects === undefined || objects === "" || objects.startsWith('"')) return false;
  return !(await stat(objects).then(
    (info) => info.isDirectory(),
    () => false,
  ));
}
