import { spawnSync } from "node:child_process";
import { afterEach } from "vitest";
import { isAoError, type AoError } from "../../src/core/errors.js";
import { makeTempDir } from "./temp-dir.js";

const mounts: string[] = [];

/** Real small disks for disk-full tests; every one is unmounted after its test. */
afterEach(() => {
  for (const dir of mounts.splice(0)) spawnSync("umount", ["-l", dir]);
});

/** A real tmpfs of `size` (`1m`, `120k`); undefined where mounting is not allowed (not root). */
export function mountTmpfs(size: string): string | undefined {
  const dir = makeTempDir("ao-disk-");
  if (spawnSync("mount", ["-t", "tmpfs", "-o", `size=${size}`, "tmpfs", dir]).status !== 0) return undefined;
  mounts.push(dir);
  return dir;
}

/** Whether this process may mount a tmpfs: tried once, and unmounted at once. */
export function canMountTmpfs(): boolean {
  const probe = mountTmpfs("64k");
  if (probe === undefined) return false;
  spawnSync("umount", ["-l", mounts.pop() as string]);
  return true;
}

/** Fills a disk to the last block. */
export function fillDisk(dir: string, name = "filler"): void {
  spawnSync("dd", ["if=/dev/zero", `of=${dir}/${name}`, "bs=4k"]);
}

/** The AoError `run` throws (anything else, or nothing, fails the test). */
export function aoErrorOf(run: () => unknown): AoError {
  try {
    run();
  } catch (error) {
    if (isAoError(error)) return error;
    throw error;
  }
  throw new Error("expected an AoError");
}
