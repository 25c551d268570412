import { timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { redactStrings } from "../redact.js";
import { HttpRefusal } from "./route.js";

/**
 * The body, refused with 413 past `limit` bytes: at once when Content-Length says so, else as soon
 * as the bytes read pass it (a chunked body has no length to trust).
 */
export async function readBody(request: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(request.headers["content-length"] ?? 0);
  if (declared > limit) throw tooLarge(limit);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw tooLarge(limit);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function tooLarge(limit: number): HttpRefusal {
  return new HttpRefusal(413, `payload too large (over ${limit} bytes)`);
}

/** Every JSON answer of the daemon's HTTP server (dashboard API, webhooks); its strings are redacted. */
export function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Readonly<Record<string, string>> = {},
): void {
  const text = `${JSON.stringify(body, redactStrings)}\n`;
  response.writeHead(status, {
    ...headers,
    "content-type": "application/json",
    "content-length": Buffer.byteLength(text),
  });
  response.end(text);
}

const LOCAL_HOSTS = new Set(["127.0.0.1", "localhost"]);

/**
 * Only requests addressed to this machine by name or loopback address: a web page on another
 * origin that resolves its own host name to 127.0.0.1 (DNS rebinding) sends its own Host header.
 */
export function isLocalHost(host: string | undefined): boolean {
  if (host === undefined) return false;
  const name = host.replace(/:\d+$/, "").toLowerCase();
  return LOCAL_HOSTS.has(name);
}

/** 127.0.0.0/8 or ::1 (an address, not a name): where plain HTTP may be served. */
export function isLoopbackAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, "").toLowerCase();
  return /^127(\.\d{1,3}){3}$/.test(bare) || bare === "::1" || /^::ffff:127(\.\d{1,3}){3}$/.test(bare);
}

/**
 * A loopback Host naming this server's own port (DNS rebinding: a page of another local server,
 * `localhost:8080`, must not reach ao's port under its own name). `port` undefined: a unix socket,
 * where any loopback name is fine (only this user can connect).
 */
export function isOwnLocalHost(host: string | undefined, port: number | undefined): boolean {
  if (!isLocalHost(host)) return false;
  return port === undefined || host?.toLowerCase().endsWith(`:${port}`) === true;
}

/**
 * RFC 6750's challenge for a 401: `Bearer realm="ao"`, with `error="invalid_token"` and its
 * description when a token was given and refused. Without it MCP clients take a 401 for an OAuth
 * server and start discovery instead of saying the token is wrong.
 */
export function bearerChallenge(description: string, tokenGiven: boolean): string {
  const quoted = description.replace(/[^\x20-\x7e]|["\\]/g, " ").trim();
  const error = tokenGiven ? ', error="invalid_token"' : "";
  return `Bearer realm="ao"${error}, error_description="${quoted}"`;
}

/** `Authorization: Bearer <token>`, compared in constant time. */
export function hasBearerToken(request: IncomingMessage, token: string): boolean {
  const header = request.headers.authorization ?? "";
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match?.[1]) return false;
  const given = Buffer.from(match[1]);
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
