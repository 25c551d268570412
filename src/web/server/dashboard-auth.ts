import { createHmac, timingSafeEqual } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { hasBearerToken, isOwnLocalHost } from "../../core/http/index.js";

/**
 * The dashboard's credentials (docs/dashboard.md, "Security"): the daemon's token (AO_HOME/
 * daemon.token, 0600, fresh per daemon start) shown as a bearer, or the cookie the page got by
 * trading that token once at `POST /api/session-cookie`. The cookie holds a secret derived from
 * the token (HMAC), so the token never sits in the browser's cookie jar, every route set given the
 * token (the dashboard's, the web terminal's) accepts the same cookie, and it dies with the token
 * when the daemon restarts.
 */
export interface DashboardAuth {
  /** Whether the request shows the token or this daemon's cookie. */
  authorized(request: IncomingMessage): boolean;
  /** Whether `given` is the token (what the page POSTs once). */
  isToken(given: string): boolean;
  /** The Set-Cookie header that logs a browser in, for the port the request came in on. */
  cookieHeader(request: IncomingMessage): string;
}

export function createDashboardAuth(token: string): DashboardAuth {
  const secret = createHmac("sha256", token).update("ao dashboard cookie").digest("hex");
  return {
    authorized: (request) => hasBearerToken(request, token) || sameSecret(cookieOf(request), secret),
    isToken: (given) => sameSecret(given, token),
    cookieHeader: (request) =>
      `${cookieName(request)}=${secret}; HttpOnly; SameSite=Strict; Path=/; Max-Age=${COOKIE_MAX_AGE_S}`,
  };
}

/** A week: the cookie is worthless once its daemon stops anyway (a new daemon has a new secret). */
const COOKIE_MAX_AGE_S = 7 * 24 * 3600;

/**
 * Cookies are shared by every port of a host: two AO_HOMEs' dashboards on 127.0.0.1 would
 * overwrite each other's cookie under one name, so the name carries the port.
 */
function cookieName(request: IncomingMessage): string {
  return `ao_dashboard_${request.socket.localPort ?? 0}`;
}

function cookieOf(request: IncomingMessage): string | undefined {
  const name = cookieName(request);
  for (const part of (request.headers.cookie ?? "").split(";")) {
    const [key, ...value] = part.trim().split("=");
    if (key === name) return value.join("=");
  }
  return undefined;
}

function sameSecret(given: string | undefined, expected: string): boolean {
  if (given === undefined) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The dashboard's own origins: `http://127.0.0.1:<port>` and `http://localhost:<port>` for the
 * port the request came in on. The server's Host check allows both names.
 */
export function ownOrigins(request: IncomingMessage): string[] {
  const port = request.socket.localPort ?? 0;
  return [`http://127.0.0.1:${port}`, `http://localhost:${port}`];
}

/** Host must be a loopback name *with this server's port*: `localhost` alone is some other server. */
export function isOwnHost(request: IncomingMessage): boolean {
  return isOwnLocalHost(request.headers.host, request.socket.localPort ?? 0);
}
