import type { DaemonMountContext } from "../../core/daemon/index.js";
import type { Route } from "../../core/http/index.js";
import type { DashboardAuth } from "../server/dashboard-auth.js";
import { deviceAdminRoutes } from "./device-routes.js";
import type { RemoteAccess } from "./remote-access.js";
import { startRemoteListener, type RemoteListenOptions, type RemoteListenerInfo } from "./remote-listener.js";
import { removeRemoteState, writeRemoteState } from "./remote-state.js";

/** How the dashboard is reached from other devices (docs/dashboard.md, "From another device"). */
export interface RemoteOptions {
  /** `--listen`: an HTTPS server off loopback, for paired devices. */
  readonly listen?: RemoteListenOptions | undefined;
  /** `--allow-host`: Host names of a proxy in front of the loopback server (tailscale serve). */
  readonly allowedHosts?: readonly string[] | undefined;
}

/**
 * Starts the `--listen` server (when asked) with the dashboard's guarded routes, and answers the
 * desk's device-admin routes, which stay on the loopback server behind the daemon's token.
 */
export async function mountRemote(
  daemon: DaemonMountContext,
  auth: DashboardAuth & { readonly remote: RemoteAccess },
  guarded: readonly Route[],
  options: RemoteOptions,
): Promise<Route[]> {
  const allowedHosts = options.allowedHosts ?? [];
  let listener: RemoteListenerInfo | undefined;
  if (options.listen !== undefined)
    listener = await startRemoteListener(daemon, guarded, auth, { ...options.listen, allowedHosts });
  const home = daemon.ctx.paths.home;
  await writeRemoteState(home, { pid: daemon.pid, allowedHosts, listener: listener ?? null });
  daemon.onClose(() => removeRemoteState(home));
  return deviceAdminRoutes(auth.remote, (request) => ({
    urls: [
      ...(listener?.urls ?? []),
      ...allowedHosts.map((host) => `https://${host}/`),
      `http://${request.headers.host ?? "127.0.0.1"}/`,
    ].map((base) => `${base}pair`),
    fingerprint: listener?.fingerprint ?? null,
  }));
}
