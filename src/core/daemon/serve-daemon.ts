import type { AoContext } from "../context.js";
import { coreRoutes } from "./core-routes.js";
import type { CycleQueue } from "./cycle-queue.js";
import type { LifecycleEngine } from "./cycle-types.js";
import type { DaemonLog } from "./daemon-log.js";
import type { DaemonMountContext, RouteMount } from "./daemon-mount.js";
import { startDaemonServer, type DaemonServer } from "./daemon-server.js";
import { webhookRoutes } from "./webhook-routes.js";

export interface ServeDaemonOptions {
  readonly queue: CycleQueue;
  readonly token: string;
  readonly log: DaemonLog;
  readonly pid: number;
  readonly project?: string | undefined;
  /** More route sets, after core's own and the scm webhooks (the dashboard, the control plane). */
  readonly mounts?: readonly RouteMount[] | undefined;
  /** Instead of the configuration's `port`. */
  readonly port?: number | undefined;
}

/** Mounts every layer's routes on one server, all wired to the engine and the daemon's one cycle queue. */
export async function serveDaemon(
  ctx: AoContext,
  engine: LifecycleEngine,
  options: ServeDaemonOptions,
): Promise<DaemonServer & { readonly routeSets: readonly string[] }> {
  const daemon: DaemonMountContext = {
    ctx,
    engine,
    queue: options.queue,
    log: options.log,
    token: options.token,
    pid: options.pid,
    project: options.project,
  };
  const mounts: RouteMount[] = [coreRoutes, webhookRoutes, ...(options.mounts ?? [])];
  const routes = [];
  for (const mount of mounts) routes.push(await mount(daemon));
  const server = await startDaemonServer({
    port: options.port ?? engine.config.config.port,
    token: options.token,
    log: options.log,
    routes,
  });
  return Object.assign(server, { routeSets: routes.map((set) => set.owner) });
}
