import type { IncomingMessage } from "node:http";
import { isOwnLocalHost } from "../../core/http/index.js";
import type { TLSSocket } from "node:tls";
import { hostPort } from "./listen-address.js";

/**
 * Which Host and Origin a dashboard request may carry (docs/dashboard.md, "Security"). On the
 * loopback server: 127.0.0.1 or localhost with its port (as before), or a host name the person
 * allowed for a proxy in front of it (`--allow-host`, e.g. tailscale serve's `*.ts.net` name),
 * whose origin is then `https://<name>`. On the `--listen` HTTPS server: the address the request
 * came in on (an IP literal, which DNS rebinding cannot forge) or an allowed name, with its port.
 */
export interface RequestOrigin {
  /** Whether the Host header names this server. */
  readonly hostAllowed: boolean;
  /** The origins a browser's request to this server may carry. */
  readonly origins: readonly string[];
  /** Whether the browser sees HTTPS (the `--listen` server, or an allowed proxy's name). */
  readonly secure: boolean;
  /** The request came in on the `--listen` HTTPS server. */
  readonly remote: boolean;
}

export function requestOrigin(request: IncomingMessage, allowedHosts: readonly string[]): RequestOrigin {
  const host = (request.headers.host ?? "").toLowerCase();
  const port = request.socket.localPort ?? 0;
  const named = allowedHosts.some((allowed) => host === allowed || host === `${allowed}:${port}`);
  if (isTls(request)) {
    const own = hostPort((request.socket.localAddress ?? "").replace(/^::ffff:/, ""), port);
    const hostAllowed = named || host === own;
    return { hostAllowed, origins: hostAllowed ? [`https://${host}`] : [], secure: true, remote: true };
  }
  const local = [`http://127.0.0.1:${port}`, `http://localhost:${port}`];
  if (named) return { hostAllowed: true, origins: [`https://${host}`], secure: true, remote: false };
  return { hostAllowed: isOwnLocalHost(host, port), origins: local, secure: false, remote: false };
}

function isTls(request: IncomingMessage): boolean {
  return (request.socket as Partial<TLSSocket>).encrypted === true;
}

/** A cookie's value from the request's Cookie header. */
export function cookieValue(request: IncomingMessage, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? "").split(";")) {
    const [key, ...value] = part.trim().split("=");
    if (key === name) return value.join("=");
  }
  return undefined;
}

/** Host names as `--allow-host` takes them: lower case, no scheme, no path. */
export function normalizeAllowedHost(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\//, "")
    .replace(/\/.*$/, "");
}
