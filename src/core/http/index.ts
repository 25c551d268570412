/**
 * The daemon's HTTP plumbing: routes declared by the layers that own them, one server that keeps
 * the safe defaults for all of them (docs/architecture.md, "HTTP routes").
 */
export {
  DEFAULT_MAX_BODY_BYTES,
  HTTP_METHODS,
  HttpRefusal,
  type HttpMethod,
  type Route,
  type RouteAnswer,
  type RouteRequest,
  type RouteSet,
} from "./route.js";
export { createRouteTable, type RouteMatch, type RouteTable } from "./route-table.js";
export { startHttpServer, type HttpServer, type HttpServerOptions } from "./http-server.js";
export {
  bearerChallenge,
  hasBearerToken,
  isLocalHost,
  isLoopbackAddress,
  isOwnLocalHost,
  readBody,
  sendJson,
} from "./http-io.js";
