import { createHmac, timingSafeEqual } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { hasBearerToken } from "../../core/http/index.js";
import type { RemoteAccess } from "../remote/remote-access.js";
import { cookieValue, requestOrigin, type RequestOrigin } from "../remote/request-origin.js";

/**
 * The dashboard's credentials (docs/dashboard.md, "Security"): the daemon's token (AO_HOME/
 * daemon.token, 0600) shown as a bearer, or the cookie the page got by trading that token once at
 * `POST /api/session-cookie`, or a paired device's own cookie. The desk's cookie holds a secret
 * derived from the token (HMAC), so the token never sits in the browser's cookie jar, every route
 * set given the token (the dashboard's, the web terminal's) accepts the same cookie, and it dies
 * with the token. The `--listen` HTTPS server takes paired devices only.
 */
export interface DashboardAuth {
  /** Whether the request shows the token, this daemon's cookie, or a paired device's cookie. */
  authorized(request: IncomingMessage): boolean;
  /** Whether `given` is the token (what the page POSTs once). */
  isToken(given: string): boolean;
  /** The Set-Cookie header that logs a browser in, for the port the request came in on. */
  cookieHeader(request: IncomingMessage): string;
  /** Which Host and Origin this request may carry (request-origin.ts). */
  origin(request: IncomingMessage): RequestOrigin;
  /** Paired devices; undefined where a route set was given none. */
  readonly remote: RemoteAccess | undefined;
}

export interface DashboardAuthOptions {
  readonly remote?: RemoteAccess | undefined;
  /** Host names allowed for a proxy in front of the dashboard (`--allow-host`). */
  readonly allowedHosts?: readonly string[] | undefined;
}

export function createDashboardAuth(token: string, options: DashboardAuthOptions = {}): DashboardAuth {
  const secret = createHmac("sha256", token).update("ao dashboard cookie").digest("hex");
  const origin = (request: IncomingMessage) => requestOrigin(request, options.allowedHosts ?? []);
  const desk = (request: IncomingMessage) =>
    hasBearerToken(request, token) || sameSecret(cookieValue(request, cookieName(request)), secret);
  return {
    authorized: (request) =>
      options.remote?.deviceOf(request) !== undefined || (!origin(request).remote && desk(request)),
    isToken: (given) => sameSecret(given, token),
    cookieHeader: (request) =>
      `${cookieName(request)}=${secret}; HttpOnly; SameSite=Strict; Path=/; Max-Age=${COOKIE_MAX_AGE_S}${
        origin(request).secure ? "; Secure" : ""
      }`,
    origin,
    remote: options.remote,
  };
}

/** A week: the cookie is worthless once the token changes anyway. */
const COOKIE_MAX_AGE_S = 7 * 24 * 3600;

/**
 * Cookies are shared by every port of a host: two AO_HOMEs' dashboards on 127.0.0.1 would
 * overwrite each other's cookie under one name, so the name carries the port.
 */
function cookieName(request: IncomingMessage): string {
  return `ao_dashboard_${request.socket.localPort ?? 0}`;
}

function sameSecret(given: string | undefined, expected: string): boolean {
  if (given === undefined) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
