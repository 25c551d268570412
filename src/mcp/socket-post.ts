import { request as httpRequest, type IncomingMessage } from "node:http";

/** The daemon is not there (no socket file, or nobody listening): nothing reached it. */
export function isNotListening(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === "ENOENT" || code === "ECONNREFUSED";
}

/** An answer that was not MCP: the daemon refused the call (401 bad token, 403 origin, 400). */
export class RefusedCall extends Error {
  override readonly name = "RefusedCall";
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * POSTs one JSON-RPC message to `/mcp` on the unix socket and hands on each JSON-RPC message of
 * the answer as it arrives: a JSON document, or each event of a stream (progress notifications
 * first, the response last). Resolves when the answer ended. Rejects with the socket's error
 * (ENOENT, ECONNREFUSED: the daemon is not running; ECONNRESET: it died mid-call) or RefusedCall.
 */
export function postOverSocket(
  socketPath: string,
  body: string,
  headers: Readonly<Record<string, string>>,
  onMessage: (message: unknown) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        socketPath,
        // A fresh connection per call: a kept-alive one to a daemon that died would fail as
        // ECONNRESET, where a new one says ENOENT or ECONNREFUSED (start the daemon, try again).
        agent: false,
        path: "/mcp",
        method: "POST",
        headers: {
          host: "localhost",
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          "content-length": String(Buffer.byteLength(body, "utf8")),
          ...headers,
        },
      },
      (response) => {
        readAnswer(response, onMessage).then(resolve, reject);
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

async function readAnswer(response: IncomingMessage, onMessage: (message: unknown) => void): Promise<void> {
  const status = response.statusCode ?? 0;
  const stream = (response.headers["content-type"] ?? "").includes("text/event-stream");
  response.setEncoding("utf8");
  let pending = "";
  for await (const chunk of response as AsyncIterable<string>) {
    pending += chunk;
    if (!stream) continue;
    const events = pending.split(/\r?\n\r?\n/);
    pending = events.pop() ?? "";
    for (const event of events) forwardEvent(event, onMessage);
  }
  if (stream) return forwardEvent(pending, onMessage);
  if (status >= 400 && !isJsonRpc(pending))
    throw new RefusedCall(status, errorText(pending) ?? `HTTP ${status}`);
  if (pending.trim() === "") return;
  const parsed: unknown = JSON.parse(pending);
  for (const message of Array.isArray(parsed) ? parsed : [parsed]) onMessage(message);
}

function forwardEvent(event: string, onMessage: (message: unknown) => void): void {
  const data = event
    .split(/\r?\n/)
    .filter((line) => line.startsWith("data:"))
    .map((line) => line.slice(5).replace(/^ /, ""))
    .join("\n");
  if (data.trim() !== "") onMessage(JSON.parse(data));
}

function isJsonRpc(body: string): boolean {
  try {
    return (JSON.parse(body) as { jsonrpc?: unknown }).jsonrpc === "2.0";
  } catch {
    return false;
  }
}

/** `{error: "..."}` from the daemon's own refusals; a JSON-RPC error body is passed on as it is. */
function errorText(body: string): string | undefined {
  try {
    const parsed = JSON.parse(body) as { error?: unknown };
    return typeof parsed.error === "string" ? parsed.error : undefined;
  } catch {
    return undefined;
  }
}
