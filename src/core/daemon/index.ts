/** The lifecycle daemon (docs/daemon.md): one per AO_HOME, polling, webhooks, `ao start|stop|events`. */

// `ao start|stop|status`: the daemon run, started in the background, stopped, asked how it is.
export { runDaemon, type RunDaemonOptions } from "./run-daemon.js";
export { startDaemonInBackground, type BackgroundStartOptions, type StartResult } from "./start-daemon.js";
export { stopDaemon, type StopResult } from "./stop-daemon.js";
export { readDaemonStatus, type DaemonStatus } from "./daemon-status.js";

// `ao events`: the event log read and followed.
export { readEvents, followEvents, DEFAULT_EVENT_LIMIT, type EventQuery } from "./event-log.js";

// The loop and its queue of cycles.
export { runDaemonLoop, createCycleQueue, type DaemonLoopOptions } from "./daemon-loop.js";
export { CycleQueue } from "./cycle-queue.js";
export type {
  CycleOptions,
  CycleReport,
  CycleRunner,
  EngineOpener,
  LastCycle,
  LifecycleEngine,
} from "./cycle-types.js";

// The daemon's files under AO_HOME, its lock, and the routes and webhooks it mounts.
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

// The dashboard the daemon serves: its address, and which daemon owns it.
export { DASHBOARD_OWNER, dashboardAddress, servesDashboard } from "./dashboard-url.js";

// A cycle asked of the running daemon now (`ao session-ended`).
export { requestDaemonCycle } from "./request-daemon-cycle.js";

// `ao review-check`: a fresh cycle for sessions' pull requests, by the daemon or, without one, here.
export { checkReviews } from "./check-reviews.js";
