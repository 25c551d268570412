import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The raw body, exactly as it arrived. */
  body: string;
  /** With a `secret`: whether X-Ao-Signature-256 matched the body. */
  signatureValid?: boolean;
  /** The status the receiver answered. */
  status: number;
}

export interface ReceiverOptions {
  /** Verify X-Ao-Signature-256 with this secret; a bad signature is answered 401, like a real receiver. */
  secret?: string;
  /** Checks a request's body; a string is a complaint, answered 400 with that text. */
  check?: (body: string) => string | undefined;
  /** Answers for the first requests (e.g. [503, 503]); later requests get 200. */
  statuses?: number[];
  /** Text sent with an error status. */
  errorText?: string;
  /** Never answer (the request is recorded), to exercise a client's timeout. */
  hang?: boolean;
}

export interface WebhookReceiver {
  /** http://127.0.0.1:<port><path> */
  url: string;
  requests: ReceivedRequest[];
  close(): Promise<void>;
}

/** A loopback HTTP server that records every POST, for notifier tests. Nothing leaves the machine. */
export async function startWebhookReceiver(
  options: ReceiverOptions = {},
  path = "/hooks/T000/B000/secret-part",
): Promise<WebhookReceiver> {
  const requests: ReceivedRequest[] = [];
  const statuses = [...(options.statuses ?? [])];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const signatureValid =
        options.secret === undefined ? undefined : verifySignature(options.secret, body, request.headers);
      const complaint = options.check?.(body);
      const status =
        signatureValid === false ? 401 : complaint !== undefined ? 400 : (statuses.shift() ?? 200);
      requests.push({
        method: request.method ?? "",
        path: request.url ?? "",
        headers: request.headers,
        body,
        ...(signatureValid === undefined ? {} : { signatureValid }),
        status,
      });
      if (options.hang === true) return;
      response.writeHead(status, { "content-type": "text/plain" });
      response.end(status === 200 ? "ok" : (complaint ?? options.errorText ?? `status ${status}`));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${path}`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** What a receiver does with GitHub-style signatures: HMAC the raw body, compare in constant time. */
export function verifySignature(secret: string, body: string, headers: IncomingHttpHeaders): boolean {
  const header = headers["x-ao-signature-256"];
  if (typeof header !== "string" || !header.startsWith("sha256=")) return false;
  const expected = Buffer.from(createHmac("sha256", secret).update(body, "utf8").digest("hex"), "utf8");
  const received = Buffer.from(header.slice("sha256=".length), "utf8");
  return received.length === expected.length && timingSafeEqual(received, expected);
}
