import { randomBytes } from "node:crypto";
import { readFile, rename, rm, writeFile } from "node:fs/promises";
import { AoError, messageOf } from "../../core/errors.js";

/**
 * Writes `text` to `path` readable by this user only (0600 from its first byte: a fresh file,
 * renamed into place, so a planted symlink is replaced rather than followed). A failure names the
 * path and says the previous file is kept.
 */
export async function writePrivateFile(path: string, text: string | Uint8Array): Promise<void> {
  const temp = `${path}.${randomBytes(6).toString("hex")}.tmp`;
  try {
    await writeFile(temp, text, { mode: 0o600, flag: "wx" });
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw new AoError("E_DAEMON_FAILED", `could not write ${path}: ${messageOf(error)}`, {
      hint: "the previous file (if any) is kept; check the directory's permissions and free space",
    });
  }
}

/** A file's text, or undefined when there is none. */
export async function readOptionalFile(path: string): Promise<string | undefined> {
  return readFile(path, "utf8").catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return undefined;
    throw error;
  });
}
