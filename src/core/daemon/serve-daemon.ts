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
  const closers: (() => Promise<void>)[] = [];
  const daemon: DaemonMountContext = {
    ctx,
    engine,
    queue: options.queue,
    log: options.log,
    token: options.token,
    pid: options.pid,
    project: options.project,
    onClose: (close) => closers.push(close),
  };
  const mounts: RouteMount[] = [coreRoutes, webhookRoutes, ...(options.mounts ?? [])];
  const routes = [];
  for (const mount of mounts) routes.push(await mount(daemon));
  const server = await startDaemonServer({
    port: options.port ?? engine.config.config.port,
    token: options.token,
    log: options.log,
    routes,
  }).catch(async (error: unknown) => {
    await closeAll(closers);
    throw error;
  });
  return {
    port: server.port,
    routeSets: routes.map((set) => set.owner),
    close: async () => {
      await closeAll(closers);
      await server.close();
    },
  };
}

async function closeAll(closers: readonly (() => Promise<void>)[]): Promise<void> {
  await Promise.allSettled(closers.map((close) => close()));
}
