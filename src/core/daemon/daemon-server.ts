import { AoError } from "../errors.js";
import { hasBearerToken, startHttpServer, type HttpServer, type RouteSet } from "../http/index.js";
import type { DaemonLog } from "./daemon-log.js";
import { describePortHolder, findPortHolder } from "./port-holder.js";

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
    throw await listenError(error as NodeJS.ErrnoException, options.port);
  }
}

/**
 * A port clash says who holds the port (two AO_HOMEs never fight over it silently), what chose the
 * port (`source`: "`port` at file:line", "--port") and how to choose another; a forbidden port says so.
 */
export async function listenError(
  error: NodeJS.ErrnoException,
  port: number,
  source?: string,
): Promise<Error> {
  const choose =
    "choose another with `port:` in agent-orchestrator.yaml or `--port N` (ao start, ao dashboard); 0 picks a free one";
  const from = source === undefined ? "" : ` (set by ${source})`;
  if (error.code === "EACCES")
    return new AoError("E_DAEMON_FAILED", `port ${port} on 127.0.0.1${from} is not allowed for this user`, {
      hint: choose,
      details: { port, source: source ?? null },
    });
  if (error.code !== "EADDRINUSE") return error;
  const holder = await findPortHolder(port);
  const stop = holder?.pid == null ? "" : `, or stop pid ${holder.pid}`;
  return new AoError(
    "E_DAEMON_FAILED",
    `port ${port} on 127.0.0.1${from} is in use by ${describePortHolder(holder)}`,
    {
      hint: `${choose}${stop}`,
      details: {
        port,
        source: source ?? null,
        holderPid: holder?.pid ?? null,
        holderCommand: holder?.command ?? null,
      },
    },
  );
}
