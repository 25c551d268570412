import { existsSync } from "node:fs";
import type { AoContext } from "../context.js";
import { closeStore, openStore } from "../store/index.js";
import { readLastCycle, type LastCycle } from "./last-cycle.js";
import { readLastRecovery, type LastRecovery } from "./last-recovery.js";
import { daemonFiles, readDaemonInfo } from "./daemon-files.js";
import { isDaemonLockHeld } from "./daemon-lock.js";

export interface DaemonStatus {
  running: boolean;
  pid?: number;
  port?: number;
  startedAt?: number;
  /** The owners of the route sets the daemon's server mounted (what its port answers). */
  routeSets?: readonly string[];
  /** The last cycle any daemon recorded, also after it stopped. */
  lastCycle?: LastCycle;
  /** The running daemon's last recovery after a lost server or a clock jump (self-heal.ts). */
  lastRecovery?: LastRecovery;
}

/**
 * Whether the daemon runs, judged by its lock (a daemon.json left by a killed daemon says nothing),
 * with its address from daemon.json and its last poll from the store. Creates no files.
 */
export async function readDaemonStatus(ctx: Pick<AoContext, "paths" | "clock">): Promise<DaemonStatus> {
  const files = daemonFiles(ctx.paths);
  const status: DaemonStatus = { running: isDaemonLockHeld(files.lock) };
  const info = status.running ? await readDaemonInfo(files) : undefined;
  if (info !== undefined) {
    status.pid = info.pid;
    status.port = info.port;
    status.startedAt = info.startedAt;
    if (info.routeSets !== undefined) status.routeSets = info.routeSets;
  }
  if (!existsSync(ctx.paths.database)) return status;
  const store = openStore(ctx);
  try {
    const lastCycle = readLastCycle(store);
    if (lastCycle !== undefined) status.lastCycle = lastCycle;
    const lastRecovery = info === undefined ? undefined : readLastRecovery(store, info.startedAt);
    if (lastRecovery !== undefined) status.lastRecovery = lastRecovery;
  } finally {
    closeStore(store);
  }
  return status;
}
