import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";

/**
 * A route of the daemon's HTTP server, as the layer that owns it declares it: core its health and
 * cycle, the scm webhooks their receivers, later the dashboard and the control plane theirs. The
 * server (http-server.ts) keeps the safe defaults for every route: 127.0.0.1 only, the Host check,
 * the token unless the route opts out, the body limit, errors logged without bodies.
 */

export const HTTP_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** What a handler is given: the matched parameters and a body read only when asked for. */
export interface RouteRequest {
  readonly method: HttpMethod;
  /** The path without the query string, as sent (not decoded). */
  readonly path: string;
  /** `:name` and `*name` segments of the route's path, decoded. */
  readonly params: Readonly<Record<string, string>>;
  readonly query: URLSearchParams;
  readonly headers: IncomingHttpHeaders;
  /** The raw body, at most the route's `maxBodyBytes`: past it the server answers 413. */
  body(): Promise<Buffer>;
  /** For answers that are not one JSON document: an event stream, a page, a protocol's transport. */
  readonly raw: { readonly request: IncomingMessage; readonly response: ServerResponse };
}

/** One JSON document to send. */
export interface RouteAnswer {
  readonly status: number;
  readonly body: unknown;
  readonly headers?: Readonly<Record<string, string>>;
}

export interface Route {
  readonly method: HttpMethod;
  /**
   * `/health`, `/api/sessions/:id`; a last segment `*name` takes the rest of the path (one or more
   * segments). Literal segments beat parameters when two routes match the same path.
   */
  readonly path: string;
  /**
   * `token` (the default): the caller shows the daemon's token, else 401. `none` must be written
   * out, by a route that checks its caller itself (a signed webhook) or tells nothing secret
   * (`/health`).
   */
  readonly auth?: "token" | "none";
  /** Default DEFAULT_MAX_BODY_BYTES. */
  readonly maxBodyBytes?: number;
  /**
   * The answer to send as JSON, or undefined once the handler has answered on `raw.response` itself.
   * Throw an HttpRefusal for a 4xx with a message; anything else thrown is a 500, logged.
   */
  handle(request: RouteRequest): RouteAnswer | undefined | Promise<RouteAnswer | undefined>;
}

/** The routes one layer mounts, under its name (which errors about a route mounted twice name). */
export interface RouteSet {
  readonly owner: string;
  readonly routes: readonly Route[];
  /**
   * Host names (with `:port` when not 443) that may reach the loopback server besides
   * 127.0.0.1/localhost with its port: what a person opted into for a local HTTPS proxy in front
   * of it (`tailscale serve` sends `<machine>.<tailnet>.ts.net`). Names, never patterns.
   */
  readonly hosts?: readonly string[];
}

/** Enough for a control request; a route that takes more says so with `maxBodyBytes`. */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

/** A refusal with its status and a message for the caller (never a secret): 400, 404, 409, 413, … */
export class HttpRefusal extends Error {
  override readonly name = "HttpRefusal";
  constructor(
    readonly status: number,
    message: string,
    /** Headers the refusal carries (a 401's WWW-Authenticate). */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
  }
}
