import { chmodSync, rmSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { createServer as createTlsServer } from "node:https";
import type { AddressInfo } from "node:net";
import { AoError, messageOf } from "../errors.js";
import { bearerChallenge, isLoopbackAddress, isOwnLocalHost, readBody, sendJson } from "./http-io.js";
import {
  DEFAULT_MAX_BODY_BYTES,
  HttpRefusal,
  type Route,
  type RouteRequest,
  type RouteSet,
} from "./route.js";
import { createRouteTable, type RouteTable } from "./route-table.js";

export interface HttpServerOptions {
  /** 0 = any free port. */
  readonly port: number;
  /**
   * The address to listen on; default 127.0.0.1. Any other than a loopback address needs `tls`:
   * plain HTTP is served on loopback only.
   */
  readonly host?: string | undefined;
  /** Serve HTTPS with this certificate and key (PEM). */
  readonly tls?: { readonly cert: string; readonly key: string } | undefined;
  /**
   * Whether a request's Host is this server's; default a loopback name with the server's port
   * (DNS rebinding), or one of the mounted sets' `hosts`.
   */
  readonly hostAllowed?: ((request: IncomingMessage) => boolean) | undefined;
  /**
   * Listen on this unix socket instead of a port (the control plane's `AO_HOME/mcp.sock`): created
   * 0600 (only this user can connect), a stale file from a dead predecessor replaced.
   */
  readonly socketPath?: string | undefined;
  readonly routes: readonly RouteSet[];
  /** Whether the request shows the credentials an `auth: "token"` route needs. */
  authorize(request: IncomingMessage): boolean;
  /** Where a failed handler is told (method, path and message; never a body). */
  readonly log: { error(message: string): void };
}

export interface HttpServer {
  readonly port: number;
  close(): Promise<void>;
}

/**
 * An HTTP server for the routes of every mounted set, with the same defaults for all of them: it
 * listens on 127.0.0.1 unless told another address (and then only with TLS: plain HTTP stays on
 * loopback), refuses a Host that is not its own (DNS rebinding), asks for the token
 * unless a route opts out, caps every body, and answers 404 and 405 without listing anything.
 * Rejects with the listen error (EADDRINUSE, EACCES) as node gives it.
 */
export async function startHttpServer(options: HttpServerOptions): Promise<HttpServer> {
  const host = options.host ?? "127.0.0.1";
  if (options.tls === undefined && !isLoopbackAddress(host)) throw plainOffLoopback(host);
  const table = createRouteTable(options.routes);
  const handler = (request: IncomingMessage, response: ServerResponse): void => {
    serve(table, options, request, response).catch((error: unknown) => {
      if (error instanceof HttpRefusal && !response.headersSent)
        return sendJson(
          response,
          error.status,
          { error: error.message },
          { ...error.headers, ...closeIfUnread(request) },
        );
      options.log.error(`http ${request.method ?? "?"} ${pathOf(request)} failed: ${messageOf(error)}`);
      if (!response.headersSent) sendJson(response, 500, { error: "internal error" });
      else response.destroy();
    });
  };
  const server = options.tls === undefined ? createServer(handler) : createTlsServer(options.tls, handler);
  if (options.socketPath === undefined) await listen(server, options.port, host);
  else await listenOnSocket(server, options.socketPath);
  return {
    port: options.socketPath === undefined ? (server.address() as AddressInfo).port : 0,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Keep-alive connections (and open event streams) would hold close() open until they end.
        server.closeAllConnections();
      }),
  };
}

async function serve(
  table: RouteTable,
  options: HttpServerOptions,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  const send = (status: number, body: unknown, headers: Readonly<Record<string, string>> = {}) =>
    sendJson(response, status, body, { ...headers, ...closeIfUnread(request) });
  if (!hostAllowed(options, request))
    return send(403, { error: "host not allowed; use 127.0.0.1 or localhost with this server's port" });
  const method = request.method ?? "";
  const path = pathOf(request);
  const found = table.match(method, path);
  if (found.kind === "no-route") return send(404, { error: `no route for ${method} ${path}` });
  if (found.kind === "wrong-method")
    return send(405, { error: `${method} is not allowed on ${path}` }, { allow: found.allow.join(", ") });
  const { route, params } = found;
  if (route.auth !== "none" && !options.authorize(request)) {
    const challenge = bearerChallenge("bad or missing token", request.headers.authorization !== undefined);
    return send(401, { error: "bad or missing token" }, { "www-authenticate": challenge });
  }
  const answer = await route.handle(routeRequest(route, params, request, response));
  if (answer !== undefined) return send(answer.status, answer.body, answer.headers);
  if (!response.headersSent) throw new Error("the route gave no answer");
}

function hostAllowed(options: HttpServerOptions, request: IncomingMessage): boolean {
  if (options.hostAllowed !== undefined) return options.hostAllowed(request);
  const port = options.socketPath === undefined ? request.socket.localPort : undefined;
  if (isOwnLocalHost(request.headers.host, port)) return true;
  const host = request.headers.host?.toLowerCase();
  return host !== undefined && options.routes.some((set) => set.hosts?.includes(host) === true);
}

/** Plain HTTP off loopback would hand the token and every cookie to anyone on the network. */
function plainOffLoopback(host: string): AoError {
  return new AoError("E_USAGE", `refusing to serve plain HTTP on ${host}: ao serves HTTP on loopback only`, {
    hint: "listen on 127.0.0.1, or serve HTTPS (ao dashboard --listen <addr> makes a certificate)",
  });
}

/**
 * A body left unread (refused as too large, or not wanted) must not be taken for the next request
 * on a kept-alive connection: the answer closes the connection instead.
 */
function closeIfUnread(request: IncomingMessage): Record<string, string> {
  return request.complete ? {} : { connection: "close" };
}

function routeRequest(
  route: Route,
  params: Record<string, string>,
  request: IncomingMessage,
  response: ServerResponse,
): RouteRequest {
  let body: Promise<Buffer> | undefined;
  return {
    method: route.method,
    path: pathOf(request),
    params,
    query: new URLSearchParams((request.url ?? "").split("?")[1] ?? ""),
    headers: request.headers,
    body: () => (body ??= readBody(request, route.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES)),
    raw: { request, response },
  };
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.removeAllListeners("error");
      resolve();
    });
  });
}

function listenOnSocket(server: Server, socketPath: string): Promise<void> {
  rmSync(socketPath, { force: true });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    // The socket is bound inside listen(): a umask of 0177 makes it 0600 from its first instant.
    const umask = process.umask(0o177);
    try {
      server.listen(socketPath, () => {
        server.removeAllListeners("error");
        chmodSync(socketPath, 0o600);
        resolve();
      });
    } finally {
      process.umask(umask);
    }
  });
}

function pathOf(request: IncomingMessage): string {
  return (request.url ?? "/").split("?")[0] ?? "/";
}
