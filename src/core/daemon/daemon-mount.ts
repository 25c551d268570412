import type { AoContext } from "../context.js";
import type { RouteSet } from "../http/index.js";
import type { CycleQueue } from "./cycle-queue.js";
import type { LifecycleEngine } from "./cycle-types.js";
import type { DaemonLog } from "./daemon-log.js";

/** What a layer mounting routes on the daemon is given: the daemon's own engine, queue and log. */
export interface DaemonMountContext {
  readonly ctx: AoContext;
  readonly engine: LifecycleEngine;
  /** The one queue every cycle goes through; a route that wants a cycle asks it. */
  readonly queue: CycleQueue;
  readonly log: DaemonLog;
  /** The daemon's token (AO_HOME/daemon.token), for a route set that trades it for its own credential. */
  readonly token: string;
  readonly pid: number;
  /** The one project this daemon watches (`ao start <project>`), if any. */
  readonly project: string | undefined;
  /**
   * For a layer that opens more than routes (the control plane's unix socket): run when the
   * daemon's server closes, before it resolves.
   */
  onClose(close: () => Promise<void>): void;
}

/**
 * How a layer mounts its routes on the daemon's server: core mounts its health and cycle and the
 * scm webhooks this way, and `runDaemon({ mounts })` takes the dashboard's and the control plane's.
 * Called once at start, before the server listens.
 */
export type RouteMount = (daemon: DaemonMountContext) => RouteSet | Promise<RouteSet>;
