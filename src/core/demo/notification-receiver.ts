import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import type { Clock } from "../context.js";

/** One notification as the demo's receiver got it. */
export interface ReceivedNotification {
  title: string;
  body: string;
  priority: string;
  sessionId: string | null;
  /** Whether X-Ao-Signature-256 matched the body under the run's secret. */
  signatureValid: boolean;
  receivedAt: number;
}

export interface NotificationReceiver {
  /** http://127.0.0.1:<port>/notifications */
  url: string;
  received: ReceivedNotification[];
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 1_000_000;

/**
 * A loopback HTTP endpoint standing in for "a person's phone": the sandbox's webhook notifier posts
 * to it, and it checks the signature the way any receiver of ao's webhooks should. A request with a
 * bad signature is answered 401 (and recorded as such), so the notifier sees a real refusal.
 */
export async function startNotificationReceiver(
  secret: string,
  clock: Clock,
  onNotification: (notification: ReceivedNotification) => void,
): Promise<NotificationReceiver> {
  const received: ReceivedNotification[] = [];
  const server = createServer((request, response) => {
    void readBody(request).then((body) => {
      const signatureValid = validSignature(secret, body, request.headers["x-ao-signature-256"]);
      const notification = parseNotification(body, signatureValid, clock.now());
      if (notification !== undefined) {
        received.push(notification);
        onNotification(notification);
      }
      response.writeHead(signatureValid && notification !== undefined ? 200 : signatureValid ? 400 : 401);
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${String(port)}/notifications`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    request.on("error", () => resolve(""));
  });
}

function validSignature(secret: string, body: string, header: string | string[] | undefined): boolean {
  if (typeof header !== "string" || !header.startsWith("sha256=")) return false;
  const expected = Buffer.from(createHmac("sha256", secret).update(body, "utf8").digest("hex"));
  const given = Buffer.from(header.slice("sha256=".length));
  return given.length === expected.length && timingSafeEqual(given, expected);
}

function parseNotification(
  body: string,
  signatureValid: boolean,
  receivedAt: number,
): ReceivedNotification | undefined {
  try {
    const payload = JSON.parse(body) as { notification?: Record<string, unknown> };
    const notification = payload.notification;
    if (notification === undefined) return undefined;
    const text = (key: string) => (typeof notification[key] === "string" ? notification[key] : "");
    return {
      title: text("title"),
      body: text("body"),
      priority: text("priority"),
      sessionId: typeof notification["sessionId"] === "string" ? notification["sessionId"] : null,
      signatureValid,
      receivedAt,
    };
  } catch {
    return undefined;
  }
}
