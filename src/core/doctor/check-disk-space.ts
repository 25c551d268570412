import { statfs } from "node:fs/promises";
import { dirname } from "node:path";
import type { AoContext } from "../context.js";
import type { DoctorCheck } from "./check.js";

/** Below this free space on AO_HOME's disk the next store write or log line may fail: a failure. */
export const MIN_FREE_BYTES = 64 * 1024 * 1024;
/** Below this a busy day of event history and logs may fill it: a warning. */
export const LOW_FREE_BYTES = 512 * 1024 * 1024;

/**
 * Free space on the disk that holds AO_HOME (or its nearest existing parent, before it is created):
 * ao.db, its backups and the logs live there, and a full disk refuses their writes.
 */
export async function checkDiskSpace(ctx: Pick<AoContext, "paths">): Promise<DoctorCheck> {
  const base = { id: "disk-space", title: "free space for AO_HOME" };
  const { path, free } = await freeSpace(ctx.paths.home);
  const detail = `${formatBytes(free)} free on the disk of ${path}`;
  const fix = `free space on that disk (\`df -h ${path}\`), or set AO_HOME to a directory on another disk`;
  if (free < MIN_FREE_BYTES)
    return { ...base, status: "fail", detail: `${detail}: store and log writes will fail`, fix };
  if (free < LOW_FREE_BYTES) return { ...base, status: "warn", detail: `${detail}: running low`, fix };
  return { ...base, status: "ok", detail };
}

async function freeSpace(home: string): Promise<{ path: string; free: number }> {
  let path = home;
  for (;;) {
    try {
      const stats = await statfs(path);
      return { path, free: stats.bavail * stats.bsize };
    } catch (error) {
      if ((error as { code?: unknown }).code !== "ENOENT" || dirname(path) === path) throw error;
      path = dirname(path);
    }
  }
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KiB`;
  if (bytes < 1024 ** 3) return `${Math.round(bytes / 1024 ** 2)} MiB`;
  return `${(bytes / 1024 ** 3).toFixed(1)} GiB`;
}
