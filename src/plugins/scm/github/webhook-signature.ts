import { createHmac, timingSafeEqual } from "node:crypto";

const PREFIX = "sha256=";

/**
 * GitHub's `X-Hub-Signature-256`: `sha256=` + hex HMAC-SHA256 of the raw body with the webhook
 * secret. Compared in constant time, so the answer's timing says nothing about how close a guess was.
 */
export function verifyGitHubSignature(secret: string, body: Buffer, header: string | undefined): boolean {
  if (header === undefined || !header.startsWith(PREFIX)) return false;
  const given = Buffer.from(header.slice(PREFIX.length), "hex");
  const expected = createHmac("sha256", secret).update(body).digest();
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The header value GitHub would send for `body`; for tests and for tools that forward events. */
export function signGitHubPayload(secret: string, body: Buffer | string): string {
  return `${PREFIX}${createHmac("sha256", secret).update(body).digest("hex")}`;
}
