import type { AoContext } from "../context.js";
import { listSessions } from "../store/index.js";
import type { CycleQueue } from "./cycle-queue.js";
import type { LastCycle, LifecycleEngine } from "./cycle-types.js";
import { readLastCycle } from "../lifecycle/last-cycle.js";
import type { DaemonLog } from "./daemon-log.js";
import { startDaemonServer, type DaemonServer } from "./daemon-server.js";
import { matchWebhookSessions } from "./match-webhook-sessions.js";
import { createWebhookHandler } from "./webhook-route.js";

export interface ServeDaemonOptions {
  readonly queue: CycleQueue;
  readonly token: string;
  readonly log: DaemonLog;
  readonly pid: number;
  readonly project?: string | undefined;
}

/** Wires the HTTP endpoints to the engine's store and the daemon's one cycle queue. */
export function serveDaemon(
  ctx: AoContext,
  engine: LifecycleEngine,
  options: ServeDaemonOptions,
): Promise<DaemonServer> {
  const { config } = engine.config;
  const webhook = createWebhookHandler({
    secretEnv: config.daemon.webhookSecretEnv,
    env: ctx.env,
    log: options.log,
    dispatch(targets) {
      const sessions = listSessions(engine.store, { activeOnly: true });
      const ids = matchWebhookSessions(config, sessions, targets, options.project);
      // The event says something changed at the forge, maybe where a cache would not see it
      // (a check run on the same head): the scm asks afresh about these sessions' pull requests.
      if (ids.length > 0) void options.queue.request(ids, { fresh: true });
      return ids;
    },
  });
  return startDaemonServer({
    port: config.port,
    token: options.token,
    log: options.log,
    webhook,
    runCycleNow: () => options.queue.request(),
    health: () => healthAnswer(options.pid, readLastCycle(engine.store)),
  });
}

/**
 * `GET /health` needs no token, so it says whether the last cycle failed but not why: an error's
 * text can carry paths, URLs and what a forge answered. `ao status` and the log have the details.
 */
export function healthAnswer(pid: number, last: LastCycle | undefined): Record<string, unknown> {
  if (last === undefined) return { ok: true, pid, lastCycle: null };
  const { at, durationMs, sessions } = last;
  return {
    ok: true,
    pid,
    lastCycle: { at, durationMs, sessions, lastCycleFailed: last.error !== undefined },
  };
}
