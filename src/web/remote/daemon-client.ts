import { request } from "node:http";
import type { AoContext } from "../../core/context.js";
import { daemonFiles, readDaemonStatus, readDaemonToken } from "../../core/daemon-state/index.js";
import { AoError } from "../../core/errors.js";

/**
 * A JSON request to this AO_HOME's running daemon on 127.0.0.1 with its token (the device-admin
 * routes `ao dashboard pair` and `ao dashboard devices` call). No daemon is undefined; an answer
 * other than 200 is an AoError with the daemon's own message.
 */
export async function callDaemon<T>(
  ctx: Pick<AoContext, "paths" | "clock">,
  method: "GET" | "POST",
  path: string,
): Promise<T | undefined> {
  const status = await readDaemonStatus(ctx);
  const token = await readDaemonToken(daemonFiles(ctx.paths));
  if (!status.running || status.port === undefined || token === undefined) return undefined;
  const port = status.port;
  const { code, text } = await send(method, port, path, token);
  const body = parse(text);
  if (code === 200) return body as T;
  const error = (body as { error?: unknown } | undefined)?.error;
  const message = typeof error === "string" ? error : undefined;
  throw new AoError(code === 404 ? "E_NOT_FOUND" : "E_DAEMON_FAILED", message ?? `HTTP ${code}`, {
    hint:
      code === 404
        ? "ao dashboard devices lists the paired devices"
        : "see ao status and AO_HOME/logs/daemon.log",
  });
}

function send(
  method: string,
  port: number,
  path: string,
  token: string,
): Promise<{ code: number; text: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: "127.0.0.1",
        port,
        method,
        path,
        headers: {
          host: `127.0.0.1:${port}`,
          authorization: `Bearer ${token}`,
          "content-type": "application/json",
        },
        timeout: 15_000,
      },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on("data", (chunk: Buffer) => chunks.push(chunk));
        answer.on("end", () =>
          resolve({ code: answer.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8") }),
        );
        answer.on("error", reject);
      },
    );
    outgoing.on("timeout", () => outgoing.destroy(new Error(`the daemon on port ${port} did not answer`)));
    outgoing.on("error", (error) =>
      reject(
        new AoError("E_DAEMON_FAILED", `the daemon did not answer: ${error.message}`, {
          hint: "see ao status",
        }),
      ),
    );
    outgoing.end(method === "POST" ? "{}" : undefined);
  });
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
