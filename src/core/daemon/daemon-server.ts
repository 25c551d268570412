import { AoError } from "../errors.js";
import { hasBearerToken, startHttpServer, type HttpServer, type RouteSet } from "../http/index.js";
import type { DaemonLog } from "./daemon-log.js";

export interface DaemonServerOptions {
  /** 0 = any free port. */
  readonly port: number;
  /** Bearer token of every route that does not opt out (AO_HOME/daemon.token). */
  readonly token: string;
  readonly log: DaemonLog;
  /** Every layer's routes: core's own, the scm webhooks, and whatever `runDaemon` was given to mount. */
  readonly routes: readonly RouteSet[];
}

export type DaemonServer = HttpServer;

/** The daemon's HTTP side on 127.0.0.1: the mounted routes behind `Authorization: Bearer <token>`. */
export async function startDaemonServer(options: DaemonServerOptions): Promise<DaemonServer> {
  try {
    return await startHttpServer({
      port: options.port,
      routes: options.routes,
      authorize: (request) => hasBearerToken(request, options.token),
      log: options.log,
    });
  } catch (error) {
    throw listenError(error as NodeJS.ErrnoException, options.port);
  }
}

function listenError(error: NodeJS.ErrnoException, port: number): Error {
  if (error.code !== "EADDRINUSE" && error.code !== "EACCES") return error;
  const why = error.code === "EADDRINUSE" ? "is in use" : "is not allowed for this user";
  return new AoError("E_DAEMON_FAILED", `port ${port} on 127.0.0.1 ${why}`, {
    hint: "set another `port` in agent-orchestrator.yaml (0 picks a free one), or stop what listens there",
    details: { port },
  });
}
