import type { DaemonMountContext } from "../../core/daemon/index.js";
import type { Route } from "../../core/http/index.js";
import type { DashboardAuth } from "../server/dashboard-auth.js";
import type { DashboardRoute } from "../server/dashboard-guard.js";
import type { RemoteAccess } from "../remote/remote-access.js";
import { startPushDispatcher } from "./push-dispatcher.js";
import { pushAdminRoutes, pushRoutes } from "./push-routes.js";
import { PushSubscriptions } from "./push-subscriptions.js";
import { loadVapidKeys } from "./vapid-keys.js";

export interface PushOptions {
  /** How often the store is looked at for events that need a person. Default 1 s. */
  readonly pollMs?: number;
  /** How long one push request may take. Default 10 s. */
  readonly timeoutMs?: number;
}

/** RFC 8292's `sub` when AO_PUSH_CONTACT is unset: a push service may ask for a real one. */
const DEFAULT_CONTACT = "mailto:ao-dashboard@localhost";

/**
 * Web Push for the dashboard (docs/dashboard.md, "Notifications"): the VAPID key (made once), the
 * subscriptions file, the page's routes, the desk's admin routes, and the dispatcher that follows
 * the store while the daemon runs. A revoked device's subscriptions go with it.
 */
export async function mountPush(
  daemon: DaemonMountContext,
  auth: DashboardAuth & { readonly remote: RemoteAccess },
  options: PushOptions = {},
): Promise<{ routes: DashboardRoute[]; admin: Route[] }> {
  const { ctx } = daemon;
  const now = () => ctx.clock.now();
  const vapid = await loadVapidKeys(ctx.paths.home);
  const subscriptions = await PushSubscriptions.load(ctx.paths.home, now);
  auth.remote.onRevoke((id) => subscriptions.remove((record) => record.owner === id).then(() => undefined));
  const devices = () => new Set(auth.remote.registry.list().map((device) => device.id));
  const dispatcher = startPushDispatcher({
    store: daemon.engine.store,
    subscriptions,
    sender: {
      vapid,
      contact: ctx.env.AO_PUSH_CONTACT || DEFAULT_CONTACT,
      now,
      timeoutMs: options.timeoutMs ?? 10_000,
    },
    ownerAllowed: (owner) => owner === "desk" || devices().has(owner),
    log: daemon.log,
    localTime: (ms) => new Date(ms).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" }),
    pollMs: options.pollMs ?? 1000,
  });
  daemon.onClose(() => Promise.resolve(dispatcher.stop()));
  return { routes: pushRoutes(auth, subscriptions, vapid.publicKey), admin: pushAdminRoutes(subscriptions) };
}
