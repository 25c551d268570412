import { createPublicKey, randomBytes, randomUUID, verify } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { decryptPushBody, makeBrowserPushKeys, type BrowserPushKeys } from "./push-decrypt.js";

/** One push the service took: the decrypted payload and the headers it came with. */
export interface ReceivedPush {
  readonly subscriptionId: string;
  readonly payload: unknown;
  readonly headers: IncomingMessage["headers"];
}

interface Channel {
  readonly keys: BrowserPushKeys;
  /** The VAPID public key the browser subscribed with: a push signed by another key is refused. */
  readonly applicationServerKey: string;
  gone: boolean;
}

/**
 * A push service on 127.0.0.1 that speaks RFC 8030/8292/8291 as a real one does: a subscription is
 * an endpoint `/push/<id>` bound to the application server key it was made with; a POST there must
 * carry `Authorization: vapid t=<ES256 JWT for this origin, not expired>, k=<that key>`,
 * `Content-Encoding: aes128gcm` and a `TTL`, and its body must decrypt with the browser's private
 * key. 201 when taken; 410 for a subscription gone; 401/400 for the rest.
 */
export async function startLoopbackPushService(now: () => number = Date.now) {
  const channels = new Map<string, Channel>();
  const received: ReceivedPush[] = [];
  const refused: { status: number; why: string }[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => take(request, Buffer.concat(chunks), response));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  function take(request: IncomingMessage, body: Buffer, response: ServerResponse): void {
    const id = /^\/push\/([\w-]+)$/.exec(request.url ?? "")?.[1];
    const channel = id === undefined ? undefined : channels.get(id);
    const refuse = (status: number, why: string) => {
      refused.push({ status, why });
      response.writeHead(status, { "content-type": "text/plain" }).end(why);
    };
    if (request.method !== "POST" || channel === undefined) return refuse(404, "no such subscription");
    if (channel.gone) return refuse(410, "the subscription expired or was unsubscribed");
    const problem = vapidProblem(request.headers.authorization, origin, channel.applicationServerKey, now());
    if (problem !== undefined) return refuse(401, problem);
    if (request.headers["content-encoding"] !== "aes128gcm")
      return refuse(400, "Content-Encoding must be aes128gcm");
    if (!/^\d+$/.test(String(request.headers.ttl ?? ""))) return refuse(400, "a TTL header is required");
    let payload: unknown;
    try {
      payload = JSON.parse(decryptPushBody(body, channel.keys).toString("utf8"));
    } catch (error) {
      return refuse(400, `the body does not decrypt: ${(error as Error).message}`);
    }
    received.push({ subscriptionId: id!, payload, headers: request.headers });
    response.writeHead(201, { location: `${origin}/message/${randomUUID()}` }).end();
  }

  return {
    origin,
    received,
    refused,
    /** What `pushManager.subscribe({applicationServerKey})` hands the page: `PushSubscription.toJSON()`. */
    subscribe(applicationServerKey: string) {
      const id = randomUUID();
      const keys = makeBrowserPushKeys(randomBytes(16));
      channels.set(id, { keys, applicationServerKey, gone: false });
      return {
        id,
        endpoint: `${origin}/push/${id}`,
        keys: { p256dh: keys.publicKey.toString("base64url"), auth: keys.auth.toString("base64url") },
      };
    },
    /** The browser dropped the subscription: the next push to it gets 410. */
    expire(id: string) {
      channels.get(id)!.gone = true;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type LoopbackPushService = Awaited<ReturnType<typeof startLoopbackPushService>>;

/** RFC 8292's checks on `vapid t=…, k=…`; undefined when they all pass. */
function vapidProblem(
  header: string | undefined,
  audience: string,
  boundKey: string,
  nowMs: number,
): string | undefined {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header ?? "");
  if (match === null) return "Authorization must be vapid t=<JWT>, k=<key>";
  const [, token, key] = match as unknown as [string, string, string];
  if (key !== boundKey) return "k is not the key this subscription was made with";
  const [head, claims, signature] = token.split(".") as [string, string, string];
  const point = Buffer.from(key, "base64url");
  const publicKey = createPublicKey({
    key: { kty: "EC", crv: "P-256", x: b64(point.subarray(1, 33)), y: b64(point.subarray(33, 65)) },
    format: "jwk",
  });
  const signed = Buffer.from(`${head}.${claims}`);
  const sig = Buffer.from(signature, "base64url");
  if (!verify("sha256", signed, { key: publicKey, dsaEncoding: "ieee-p1363" }, sig))
    return "bad JWT signature";
  const header_ = JSON.parse(Buffer.from(head, "base64url").toString()) as { alg?: string; typ?: string };
  const body = JSON.parse(Buffer.from(claims, "base64url").toString()) as {
    aud?: string;
    exp?: number;
    sub?: string;
  };
  if (header_.alg !== "ES256") return "the JWT must be ES256";
  if (body.aud !== audience) return `aud must be ${audience}`;
  const seconds = nowMs / 1000;
  if (typeof body.exp !== "number" || body.exp <= seconds || body.exp > seconds + 24 * 3600)
    return "exp must be in the next 24 hours";
  if (typeof body.sub !== "string" || !/^(mailto:|https:)/.test(body.sub))
    return "sub must be a mailto: or https: contact";
  return undefined;
}

function b64(bytes: Buffer): string {
  return bytes.toString("base64url");
}
