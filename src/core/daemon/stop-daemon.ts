import { setTimeout as sleep } from "node:timers/promises";
import type { AoContext } from "../context.js";
import { AoError } from "../errors.js";
import {
  daemonFiles,
  readDaemonInfo,
  removeDaemonInfo,
  type DaemonInfo,
} from "../daemon-state/daemon-files.js";
import { isDaemonLockHeld } from "../daemon-state/daemon-lock.js";

export interface StopResult {
  /** false: nothing was running (a stale daemon.json, if any, was removed). */
  readonly wasRunning: boolean;
  readonly pid?: number | undefined;
  readonly waitedMs: number;
}

/** Added to `daemon.stopTimeoutMs` for closing the server and the store after the last cycle. */
const CLOSE_GRACE_MS = 5000;
const DEFAULT_STOP_TIMEOUT_MS = 30_000;
const POLL_MS = 100;

/**
 * `ao stop`: SIGTERM to the daemon that holds the lock, then wait until the lock is free. The
 * deadline is the daemon's own `daemon.stopTimeoutMs` (read from the config it runs with) plus a
 * grace for closing; past it the daemon is left alone and the error says how to end it.
 */
export async function stopDaemon(ctx: AoContext, options: { timeoutMs?: number } = {}): Promise<StopResult> {
  const files = daemonFiles(ctx.paths);
  const info = await readDaemonInfo(files);
  // Read the file first, then check the lock: the pid we signal belongs to the holder we saw.
  if (!isDaemonLockHeld(files.lock)) {
    await removeDaemonInfo(files);
    return { wasRunning: false, waitedMs: 0 };
  }
  if (info === undefined) {
    throw new AoError("E_DAEMON_FAILED", "the daemon is still starting: it has not written daemon.json yet", {
      hint: "run ao stop again in a moment",
    });
  }
  const started = ctx.clock.now();
  await ctx.exec("kill", ["-TERM", String(info.pid)]);
  const timeoutMs = options.timeoutMs ?? (await stopTimeoutOf(ctx, info)) + CLOSE_GRACE_MS;
  while (isDaemonLockHeld(files.lock)) {
    if (ctx.clock.now() - started > timeoutMs) throw notStoppedError(info, timeoutMs, files.log);
    await sleep(POLL_MS);
  }
  return { wasRunning: true, pid: info.pid, waitedMs: ctx.clock.now() - started };
}

async function stopTimeoutOf(ctx: AoContext, info: DaemonInfo): Promise<number> {
  if (info.configPath === undefined) return DEFAULT_STOP_TIMEOUT_MS;
  try {
    const { loadConfig } = await import("../config/index.js");
    const loaded = await loadConfig(ctx, { configPath: info.configPath });
    return loaded.config.daemon.stopTimeoutMs;
  } catch {
    // The file changed since the daemon read it; the daemon still honours what it read.
    return DEFAULT_STOP_TIMEOUT_MS;
  }
}

function notStoppedError(info: DaemonInfo, timeoutMs: number, log: string): AoError {
  return new AoError("E_DAEMON_FAILED", `the daemon (pid ${info.pid}) did not stop within ${timeoutMs} ms`, {
    hint: `see ${log}; kill -9 ${info.pid} ends it at once (reactions in flight are retried at the next start)`,
    details: { pid: info.pid, timeoutMs },
  });
}
