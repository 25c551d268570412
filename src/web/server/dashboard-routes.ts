import { join } from "node:path";
import type { DaemonMountContext, RouteMount } from "../../core/daemon/index.js";
import { DASHBOARD_OWNER } from "../../core/daemon-state/index.js";
import { HttpRefusal, type RouteSet } from "../../core/http/index.js";
import { packageRoot } from "../../core/package-root.js";
import type { SessionCookieAnswer } from "../api/types.js";
import { actionRoutes } from "./action-routes.js";
import { createDashboardAuth, type DashboardAuth } from "./dashboard-auth.js";
import { guardedRoute, jsonBody, type DashboardRoute } from "./dashboard-guard.js";
import { eventStreamHandler, type EventStreamOptions } from "./event-stream.js";
import { planRoutes } from "./plan-routes.js";
import { projectBriefs } from "./project-briefs.js";
import type { CardExtras, FleetSource } from "./read-fleet.js";
import { createDiffSizes } from "./diff-sizes.js";
import { createTaskTitles } from "./task-titles.js";
import { filterFleet } from "./read-fleet.js";
import { readSessionDetail } from "./read-session-detail.js";
import { reviewRoutes } from "./review-routes.js";
import { staticAssetsHandler } from "./static-assets.js";
import { createStoreFeed, type StoreFeedOptions } from "./store-feed.js";
import { messageOf } from "../../core/errors.js";
import { pairingRoutes } from "../remote/device-routes.js";
import { RemoteAccess } from "../remote/remote-access.js";
import { mountRemote, type RemoteOptions } from "../remote/remote-mount.js";
import { mountPush, type PushOptions } from "../push/push-mount.js";

export interface DashboardOptions
  extends EventStreamOptions, Pick<StoreFeedOptions, "pollMs" | "coalesceMs"> {
  /** Where the page's bundle is; default dist/web of the ao package. */
  readonly assetsDir?: string;
  /**
   * More routes behind the same guard and cookie (the live terminal's, src/web/terminal): a
   * `read` or `mutation` route of another layer of the page, mounted in this route set.
   */
  readonly routes?: (daemon: DaemonMountContext) => readonly DashboardRoute[];
  /** Reaching it from other devices: `--listen`, `--allow-host` (src/web/remote). */
  readonly remote?: RemoteOptions;
  /** Web Push (src/web/push): how often it looks at the store, how long a push may take. */
  readonly push?: PushOptions;
}

/**
 * The dashboard on the daemon's server (docs/dashboard.md): the page's files, the cookie exchange,
 * the fleet and session reads, the event stream, and the actions, every route behind the
 * dashboard's guard (dashboard-guard.ts). Reads come from the daemon's own store connection.
 */
export function dashboardMount(options: DashboardOptions = {}): RouteMount {
  return async (daemon: DaemonMountContext): Promise<RouteSet> => {
    const remote = await RemoteAccess.open(daemon.ctx.paths.home, () => daemon.ctx.clock.now());
    const allowedHosts = options.remote?.allowedHosts ?? [];
    const auth = { ...createDashboardAuth(daemon.token, { remote, allowedHosts }), remote };
    const now = () => daemon.ctx.clock.now();
    const onError = (error: unknown) => daemon.log.error(`dashboard feed: ${messageOf(error)}`);
    const source: FleetSource = {
      store: daemon.engine.store,
      projects: await projectBriefs(daemon.ctx, daemon.engine.config),
      watchedProject: daemon.project,
      extras: cardExtras(daemon, now, onError),
    };
    const feed = createStoreFeed(source, { now, onError, ...options });
    const push = await mountPush(daemon, auth, options.push);
    const assets = staticAssetsHandler(options.assetsDir ?? join(packageRoot(), "dist", "web"));
    const routes: DashboardRoute[] = [
      { kind: "page", method: "GET", path: "/", handle: assets },
      { kind: "page", method: "GET", path: "/:file", handle: assets },
      { kind: "page", method: "GET", path: "/assets/*path", handle: assets },
      { kind: "login", method: "POST", path: "/api/session-cookie", maxBodyBytes: 4096, handle: login(auth) },
      {
        kind: "read",
        method: "GET",
        path: "/api/fleet",
        handle: (request) => ({
          status: 200,
          body: filterFleet(feed.fleet(), request.query.get("project") ?? undefined),
        }),
      },
      {
        kind: "read",
        method: "GET",
        path: "/api/sessions/:id",
        handle: (request) => {
          const detail = readSessionDetail(source, request.params.id ?? "", now());
          if (detail === undefined) throw new HttpRefusal(404, `no session ${request.params.id ?? ""}`);
          return { status: 200, body: detail };
        },
      },
      { kind: "read", method: "GET", path: "/events", handle: eventStreamHandler(source, feed, options) },
      ...actionRoutes({ ctx: daemon.ctx, configPath: daemon.engine.config.path, token: daemon.token }),
      ...planRoutes({
        ctx: daemon.ctx,
        store: daemon.engine.store,
        configPath: daemon.engine.config.path,
        token: daemon.token,
      }),
      ...reviewRoutes({
        ctx: daemon.ctx,
        store: daemon.engine.store,
        config: daemon.engine.config,
        token: daemon.token,
      }),
      ...(options.routes?.(daemon) ?? []),
      ...pairingRoutes(auth, remote),
      ...push.routes,
    ];
    const guarded = routes.map((route) => guardedRoute(auth, route));
    const admin = await mountRemote(daemon, auth, guarded, options.remote ?? {});
    return { owner: DASHBOARD_OWNER, routes: [...guarded, ...admin, ...push.admin], hosts: allowedHosts };
  };
}

/** A task's first line and a branch's diff size, for the cards (task-titles.ts, diff-sizes.ts). */
function cardExtras(daemon: DaemonMountContext, now: () => number, onError: (error: unknown) => void) {
  const { projects } = daemon.engine.config.config;
  const diffs = createDiffSizes({ ctx: daemon.ctx, now, onError });
  const extras: CardExtras = {
    taskTitle: createTaskTitles(daemon.ctx.paths),
    diff: (session) => diffs.of(session, projects[session.project]?.defaultBranch),
    version: () => diffs.version(),
  };
  return extras;
}

/** `POST /api/session-cookie {token}`: the token once, for a cookie that the page cannot read. */
function login(auth: DashboardAuth): DashboardRoute["handle"] {
  return async (request) => {
    if (auth.origin(request.raw.request).remote)
      throw new HttpRefusal(
        403,
        "this address is for paired devices: pair this one (ao dashboard pair on the desk)",
      );
    const { token } = await jsonBody(request);
    if (typeof token !== "string" || !auth.isToken(token))
      throw new HttpRefusal(401, "wrong token: open the URL `ao dashboard` prints");
    const body: SessionCookieAnswer = { ok: true };
    return { status: 200, body, headers: { "set-cookie": auth.cookieHeader(request.raw.request) } };
  };
}
