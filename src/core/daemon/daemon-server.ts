import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { AoError } from "../errors.js";
import type { DaemonLog } from "./daemon-log.js";
import { BodyTooLarge, hasBearerToken, isLocalHost, readBody, sendJson } from "./http-io.js";
import type { WebhookHandler } from "./webhook-route.js";

export interface DaemonServerOptions {
  /** 0 = any free port. */
  readonly port: number;
  /** Bearer token for the control endpoints (AO_HOME/daemon.token). */
  readonly token: string;
  readonly log: DaemonLog;
  readonly webhook: WebhookHandler;
  /** `POST /cycle`: runs a cycle now and answers with its report. */
  runCycleNow(): Promise<unknown>;
  /** `GET /health`. */
  health(): Record<string, unknown>;
}

export interface DaemonServer {
  readonly port: number;
  close(): Promise<void>;
}

/** The daemon's HTTP side on 127.0.0.1 only: webhooks in, a cycle on demand, health. */
export async function startDaemonServer(options: DaemonServerOptions): Promise<DaemonServer> {
  const server = createServer((request, response) => {
    handle(options, request, response).catch((error: unknown) => {
      options.log.error(`http ${request.method ?? "?"} ${pathOf(request)} failed: ${describe(error)}`);
      if (!response.headersSent) sendJson(response, 500, { error: "internal error" });
      else response.destroy();
    });
  });
  await listen(server, options.port);
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Keep-alive connections would hold close() open until they time out.
        server.closeAllConnections();
      }),
  };
}

async function handle(options: DaemonServerOptions, request: IncomingMessage, response: ServerResponse) {
  if (!isLocalHost(request.headers.host)) {
    sendJson(response, 403, { error: "host not allowed; use 127.0.0.1 or localhost" });
    return;
  }
  const route = `${request.method ?? ""} ${pathOf(request)}`;
  if (route === "GET /health") return sendJson(response, 200, options.health());
  if (route === "POST /cycle") {
    if (!hasBearerToken(request, options.token))
      return sendJson(response, 401, { error: "bad or missing token" });
    return sendJson(response, 200, { ok: true, report: await options.runCycleNow() });
  }
  if (route === "POST /webhooks/github") {
    const body = await readBody(request).catch((error: unknown) => {
      if (error instanceof BodyTooLarge) return undefined;
      throw error;
    });
    if (body === undefined) return sendJson(response, 413, { error: "payload too large" });
    const answer = options.webhook(request.headers, body);
    return sendJson(response, answer.status, answer.body);
  }
  sendJson(response, 404, { error: `no route for ${route}` });
}

function listen(server: Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once("error", (error: NodeJS.ErrnoException) => reject(listenError(error, port)));
    server.listen(port, "127.0.0.1", () => {
      server.removeAllListeners("error");
      resolve();
    });
  });
}

function pathOf(request: IncomingMessage): string {
  return (request.url ?? "/").split("?")[0] ?? "/";
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function listenError(error: NodeJS.ErrnoException, port: number): Error {
  if (error.code !== "EADDRINUSE" && error.code !== "EACCES") return error;
  const why = error.code === "EADDRINUSE" ? "is in use" : "is not allowed for this user";
  return new AoError("E_DAEMON_FAILED", `port ${port} on 127.0.0.1 ${why}`, {
    hint: "set another `port` in agent-orchestrator.yaml (0 picks a free one), or stop what listens there",
    details: { port },
  });
}
