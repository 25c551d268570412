import type { RouteSet } from "../http/index.js";
import { readLastCycle, type LastCycle } from "../daemon-state/last-cycle.js";
import type { DaemonMountContext } from "./daemon-mount.js";

/** Core's own routes: `GET /health` for anyone on this machine, `POST /cycle` with the token. */
export function coreRoutes(daemon: DaemonMountContext): RouteSet {
  return {
    owner: "core", // not a plugin: ao's core owns these routes (the lifecycle plugin `core` is another thing)
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
        maxBodyBytes: 64 * 1024,
        handle: async (request) => {
          const asked = parseCycleRequest((await request.body()).toString("utf8"));
          if ("error" in asked) return { status: 400, body: { error: asked.error } };
          const report = await daemon.queue.request(asked.sessionIds, { fresh: asked.fresh });
          return { status: 200, body: { ok: true, report } };
        },
      },
    ],
  };
}

/**
 * `POST /cycle`'s optional JSON body: `{ sessionIds?: string[], fresh?: boolean }` (`ao review-check`
 * asks for a fresh look at some sessions); an empty body asks for a full cycle.
 */
function parseCycleRequest(text: string): { sessionIds?: string[]; fresh: boolean } | { error: string } {
  if (text.trim() === "") return { fresh: false };
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { error: "the body is not JSON" };
  }
  if (typeof body !== "object" || body === null) return { error: "the body must be a JSON object" };
  const { sessionIds, fresh } = body as { sessionIds?: unknown; fresh?: unknown };
  const ids =
    sessionIds === undefined ||
    (Array.isArray(sessionIds) && sessionIds.every((id) => typeof id === "string"));
  if (!ids) return { error: "sessionIds must be an array of session ids" };
  if (fresh !== undefined && typeof fresh !== "boolean") return { error: "fresh must be true or false" };
  return {
    ...(sessionIds === undefined ? {} : { sessionIds: sessionIds }),
    fresh: fresh === true,
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
