import { networkInterfaces } from "node:os";
import type { DaemonMountContext } from "../../core/daemon/index.js";
import { startHttpServer, type Route } from "../../core/http/index.js";
import type { DashboardAuth } from "../server/dashboard-auth.js";
import { hostPort, type ListenAddress } from "./listen-address.js";
import { loadTlsMaterial } from "./tls-material.js";

export interface RemoteListenOptions {
  readonly listen: ListenAddress;
  readonly certFile?: string | undefined;
  readonly keyFile?: string | undefined;
}

/** What `ao dashboard` prints about the `--listen` server (remote-state.ts keeps it). */
export interface RemoteListenerInfo {
  /** `https://<address>:<port>/` for each address a device may use; the first is the one to show. */
  readonly urls: readonly string[];
  readonly fingerprint: string;
  readonly certificate: "generated" | "given";
  /** As `--listen` asked, to tell whether a running daemon serves what a new command asks for. */
  readonly listen: string;
}

/**
 * The `--listen` server: HTTPS only (core refuses plain HTTP off loopback anyway), the dashboard's
 * guarded routes and nothing else (no daemon API, no webhooks, no device admin), closed with the
 * daemon. Its Host check is the dashboard's own (request-origin.ts).
 */
export async function startRemoteListener(
  daemon: DaemonMountContext,
  routes: readonly Route[],
  auth: DashboardAuth,
  options: RemoteListenOptions & { readonly allowedHosts: readonly string[] },
): Promise<RemoteListenerInfo> {
  const addresses = reachableAddresses(options.listen.host);
  const tls = await loadTlsMaterial(daemon.ctx, {
    certFile: options.certFile,
    keyFile: options.keyFile,
    names: [...addresses, ...options.allowedHosts.map((host) => host.replace(/:\d+$/, ""))],
  });
  const server = await startHttpServer({
    host: options.listen.host,
    port: options.listen.port,
    tls: { cert: tls.cert, key: tls.key },
    routes: [{ owner: "dashboard (--listen)", routes }],
    hostAllowed: (request) => auth.origin(request).hostAllowed,
    authorize: () => false,
    log: daemon.log,
  });
  daemon.onClose(() => server.close());
  return {
    urls: [...addresses.map((address) => `https://${hostPort(address, server.port)}/`)],
    fingerprint: tls.fingerprint,
    certificate: tls.source,
    listen: hostPort(options.listen.host, options.listen.port),
  };
}

/** The listen address itself, or for 0.0.0.0 / :: this machine's non-loopback addresses. */
function reachableAddresses(host: string): string[] {
  if (host !== "0.0.0.0" && host !== "::") return [host];
  const found = Object.values(networkInterfaces())
    .flat()
    .filter((entry) => entry !== undefined && !entry.internal)
    .filter((entry) => host === "::" || entry!.family === "IPv4")
    .filter((entry) => !entry!.address.startsWith("fe80:"))
    .map((entry) => entry!.address);
  return found.length > 0 ? found : ["127.0.0.1"];
}
