import { randomBytes } from "node:crypto";
import { link, readFile, rename, unlink, writeFile } from "node:fs/promises";
import { basename, dirname, join } from "node:path";

/**
 * Files that several ao processes (the lifecycle daemon, a person's `ao review`, parallel spawns)
 * write at once, without a lock: a reader never sees a half-written file, and "create if absent"
 * is atomic. Both rest on POSIX guarantees of the same directory: `rename` replaces a name
 * atomically, and `link` fails with EEXIST instead of replacing.
 */

/** A hidden name beside `path`, so directory listings that look for `*.json` or `<n>-*.md` skip it. */
function tempPathFor(path: string): string {
  return join(
    dirname(path),
    `.${basename(path)}.${String(process.pid)}.${randomBytes(4).toString("hex")}.tmp`,
  );
}

/** Replaces `path` with `text` in one step: readers see the old content or the new, never a mix. */
export async function writeFileAtomic(path: string, text: string): Promise<void> {
  const temp = tempPathFor(path);
  await writeFile(temp, text, { mode: 0o644 });
  try {
    await rename(temp, path);
  } catch (error) {
    await unlink(temp).catch(() => undefined);
    throw error;
  }
}

/**
 * Creates `path` with `text` only if nothing has that name yet; false when something does. The
 * content is complete the moment the name appears (unlike `open(path, "wx")` then write).
 */
export async function createFileExclusive(path: string, text: string): Promise<boolean> {
  const temp = tempPathFor(path);
  await writeFile(temp, text, { mode: 0o644 });
  try {
    await link(temp, path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  } finally {
    await unlink(temp).catch(() => undefined);
  }
}

/** The parsed JSON in `path`, or undefined when there is no such file. */
export async function readJsonFile<T>(path: string): Promise<T | undefined> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  return JSON.parse(text) as T;
}

export async function writeJsonAtomic(path: string, value: unknown): Promise<void> {
  await writeFileAtomic(path, `${JSON.stringify(value, null, 2)}\n`);
}
