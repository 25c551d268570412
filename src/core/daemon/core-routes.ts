import type { RouteSet } from "../http/index.js";
import { readLastCycle, type LastCycle } from "../lifecycle/last-cycle.js";
import type { DaemonMountContext } from "./daemon-mount.js";

/** Core's own routes: `GET /health` for anyone on this machine, `POST /cycle` with the token. */
export function coreRoutes(daemon: DaemonMountContext): RouteSet {
  return {
    owner: "core",
    routes: [
      {
        method: "GET",
        path: "/health",
        auth: "none",
        handle: () => ({ status: 200, body: healthAnswer(daemon.pid, readLastCycle(daemon.engine.store)) }),
      },
      {
        method: "POST",
        path: "/cycle",
        handle: async () => ({ status: 200, body: { ok: true, report: await daemon.queue.request() } }),
      },
    ],
  };
}

/**
 * `GET /health` needs no token, so it says whether the last cycle failed but not why: an error's
 * text can carry paths, URLs and what a forge answered. `ao status` and the log have the details.
 */
function healthAnswer(pid: number, last: LastCycle | undefined): Record<string, unknown> {
  if (last === undefined) return { ok: true, pid, lastCycle: null };
  const { at, durationMs, sessions } = last;
  return {
    ok: true,
    pid,
    lastCycle: { at, durationMs, sessions, lastCycleFailed: last.error !== undefined },
  };
}
