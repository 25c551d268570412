/** The lifecycle daemon (docs/daemon.md): one per AO_HOME, polling, webhooks, `ao start|stop|events`. */

// `ao start|stop`: the daemon run, started in the background, stopped (`ao status`: daemon-state).
export { runDaemon, type RunDaemonOptions } from "./run-daemon.js";
export { startDaemonInBackground, type BackgroundStartOptions, type StartResult } from "./start-daemon.js";
export { stopDaemon, type StopResult } from "./stop-daemon.js";

// `ao events`: the event log read and followed.
export { readEvents, followEvents, DEFAULT_EVENT_LIMIT, type EventQuery } from "./event-log.js";

// The loop and its queue of cycles.
export { runDaemonLoop, createCycleQueue, type DaemonLoopOptions } from "./daemon-loop.js";
export { CycleQueue } from "./cycle-queue.js";
export type { CycleOptions, CycleReport, CycleRunner, EngineOpener, LifecycleEngine } from "./cycle-types.js";

// The routes and webhooks it mounts (its files, lock and status: src/core/daemon-state/).
export { matchWebhookSessions } from "./match-webhook-sessions.js";
export type { DaemonMountContext, RouteMount } from "./daemon-mount.js";

// A cycle asked of the running daemon now (`ao session-ended`).
export { requestDaemonCycle } from "./request-daemon-cycle.js";

// `ao review-check`: a fresh cycle for sessions' pull requests, by the daemon or, without one, here.
export { checkReviews } from "./check-reviews.js";

// `ao start --install-service`: the user service that starts the daemon at login.
export { installService, type InstalledService } from "./install-service.js";
