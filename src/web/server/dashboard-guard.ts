import type { IncomingMessage } from "node:http";
import { HttpRefusal, type Route, type RouteAnswer, type RouteRequest } from "../../core/http/index.js";
import type { DashboardAuth } from "./dashboard-auth.js";

/**
 * What a dashboard route is, which decides what it checks (docs/dashboard.md, "Security"):
 * `page` a plain page load (no credentials: the page then logs in), `login` the cookie exchange,
 * `read` a GET of data or the stream, `mutation` a JSON POST that changes something.
 */
export type DashboardRouteKind = "page" | "login" | "read" | "mutation";

export interface DashboardRoute {
  readonly kind: DashboardRouteKind;
  readonly method: "GET" | "POST";
  readonly path: string;
  readonly maxBodyBytes?: number;
  handle(request: RouteRequest): RouteAnswer | undefined | Promise<RouteAnswer | undefined>;
}

/**
 * A dashboard route as the daemon's route table takes it. It is `auth: "none"` for the table
 * because it checks its caller itself, more strictly than the table would: Host with our port,
 * `Origin` (when a browser sends one, and always for a POST) our own, no cross-site fetch, then the
 * token or the cookie, then for a POST `Content-Type: application/json`. Every refusal is a JSON
 * error; no answer carries CORS headers, so another origin can never read one.
 */
export function guardedRoute(auth: DashboardAuth, route: DashboardRoute): Route {
  return {
    method: route.method,
    path: route.path,
    auth: "none",
    ...(route.maxBodyBytes === undefined ? {} : { maxBodyBytes: route.maxBodyBytes }),
    handle: (request) => {
      refuseUnlessAllowed(auth, route.kind, request.raw.request);
      return route.handle(request);
    },
  };
}

function refuseUnlessAllowed(auth: DashboardAuth, kind: DashboardRouteKind, request: IncomingMessage): void {
  const own = auth.origin(request);
  if (!own.hostAllowed) throw new HttpRefusal(403, "host not allowed: use the URL ao printed");
  const origin = request.headers.origin;
  const post = kind === "login" || kind === "mutation";
  if (origin !== undefined || post) {
    if (origin === undefined || !own.origins.includes(origin))
      throw new HttpRefusal(403, "cross-origin request refused");
  }
  if (request.headers["sec-fetch-site"] === "cross-site")
    throw new HttpRefusal(403, "cross-site request refused");
  if ((kind === "read" || kind === "mutation") && !auth.authorized(request))
    throw new HttpRefusal(401, "not logged in: open the URL `ao dashboard` prints");
  if (post && !isJson(request))
    throw new HttpRefusal(415, "send a JSON body (Content-Type: application/json)");
}

function isJson(request: IncomingMessage): boolean {
  const type = (request.headers["content-type"] ?? "").split(";")[0]?.trim().toLowerCase();
  return type === "application/json";
}

/** The body of a JSON POST as an object; 400 for anything else. */
export async function jsonBody(request: RouteRequest): Promise<Record<string, unknown>> {
  const text = (await request.body()).toString("utf8");
  let value: unknown;
  try {
    value = text.trim() === "" ? {} : JSON.parse(text);
  } catch {
    throw new HttpRefusal(400, "the body is not valid JSON");
  }
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw new HttpRefusal(400, "the body must be a JSON object");
  return value as Record<string, unknown>;
}
