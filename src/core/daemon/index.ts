/** The lifecycle daemon (docs/daemon.md): one per AO_HOME, polling, webhooks, `ao start|stop|events`. */
export { runDaemonLoop, createCycleQueue, type DaemonLoopOptions } from "./daemon-loop.js";
export { runDaemon, type RunDaemonOptions } from "./run-daemon.js";
export { startDaemonInBackground, type BackgroundStartOptions, type StartResult } from "./start-daemon.js";
export { stopDaemon, type StopResult } from "./stop-daemon.js";
export { readDaemonStatus, type DaemonStatus } from "./daemon-status.js";
export { readEvents, followEvents, DEFAULT_EVENT_LIMIT, type EventQuery } from "./event-log.js";
export { CycleQueue } from "./cycle-queue.js";
export {
  daemonFiles,
  readDaemonInfo,
  readDaemonToken,
  type DaemonFiles,
  type DaemonInfo,
} from "./daemon-files.js";
export { acquireDaemonLock, isDaemonLockHeld, type DaemonLock } from "./daemon-lock.js";
export { matchWebhookSessions } from "./match-webhook-sessions.js";
export type { DaemonMountContext, RouteMount } from "./daemon-mount.js";
export type {
  CycleOptions,
  CycleReport,
  CycleRunner,
  EngineOpener,
  LastCycle,
  LifecycleEngine,
} from "./cycle-types.js";
