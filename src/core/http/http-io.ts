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

/** `Authorization: Bearer <token>`, compared in constant time. */
export function hasBearerToken(request: IncomingMessage, token: string): boolean {
  const header = request.headers.authorization ?? "";
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match?.[1]) return false;
  const given = Buffer.from(match[1]);
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
