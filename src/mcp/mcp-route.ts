import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import type { ControlContext } from "../core/control/index.js";
import { authenticateCommander, authenticateWorker } from "../core/credentials/index.js";
import { isAoError, messageOf } from "../core/errors.js";
import {
  bearerChallenge,
  HttpRefusal,
  isLocalHost,
  type Route,
  type RouteRequest,
} from "../core/http/index.js";
import { createControlServer, type ControlIdentity } from "./control-server.js";

/** The header an `ao mcp --worker` process sends its worker's secret in (never a query or a body). */
export const WORKER_SECRET_HEADER = "x-ao-worker-secret";

/**
 * `/mcp`: MCP over Streamable HTTP, stateless (a server per request: the identity is checked at
 * every call, a client that re-initialises keeps its token, a restarted daemon answers the next
 * call). The same route serves the 0600 unix socket `ao mcp` talks to and, when
 * `controlPlane.http` is on, the daemon's port, where Host (the server's check) and Origin (ours:
 * the SDK checks only Host) must be loopback. GET (a standalone event stream) and DELETE (no
 * sessions to end) answer 405, which clients take as "not offered".
 */
export function mcpRoutes(cc: ControlContext, version: string): Route[] {
  const notOffered = (method: "GET" | "DELETE"): Route => ({
    method,
    path: "/mcp",
    auth: "none",
    handle: () => ({
      status: 405,
      body: { error: `${method} /mcp is not offered: POST each message` },
      headers: { allow: "POST" },
    }),
  });
  return [
    { method: "POST", path: "/mcp", auth: "none", handle: (request) => serveMcp(cc, version, request) },
    notOffered("GET"),
    notOffered("DELETE"),
  ];
}

async function serveMcp(cc: ControlContext, version: string, request: RouteRequest): Promise<undefined> {
  checkOrigin(request.headers.origin);
  const identity = identify(cc, request);
  let body: unknown;
  try {
    body = JSON.parse((await request.body()).toString("utf8"));
  } catch {
    throw new HttpRefusal(400, "the body is not JSON");
  }
  const server = createControlServer(cc, identity, version);
  const transport = new StreamableHTTPServerTransport({});
  const { request: incoming, response } = request.raw;
  response.on("close", () => {
    void transport.close();
    void server.close();
  });
  await server.connect(transport);
  await transport.handleRequest(incoming, response, body);
  return undefined;
}

function checkOrigin(origin: string | undefined): void {
  if (origin === undefined) return;
  let host: string | undefined;
  try {
    host = new URL(origin).host;
  } catch {
    host = undefined;
  }
  if (!isLocalHost(host))
    throw new HttpRefusal(403, "origin not allowed: MCP is served to local clients only");
}

/** The caller, from its connection: a worker's secret header, else the commander's bearer token. */
function identify(cc: ControlContext, request: RouteRequest): ControlIdentity {
  const secret = request.headers[WORKER_SECRET_HEADER];
  try {
    if (typeof secret === "string") {
      authenticateWorker(cc.store, secret);
      return { kind: "worker", secret };
    }
    const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? "")?.[1];
    return { kind: "commander", commander: authenticateCommander(cc.store, bearer) };
  } catch (error) {
    const why =
      isAoError(error) && error.hint !== undefined ? `${error.message} (${error.hint})` : messageOf(error);
    const given = request.headers.authorization !== undefined || typeof secret === "string";
    throw new HttpRefusal(401, why, { "www-authenticate": bearerChallenge(why, given) });
  }
}
