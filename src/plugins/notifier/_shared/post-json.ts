import { REDACTED, redactText } from "../../../core/plugin-api.js";

export type PostOutcome =
  | { kind: "ok"; status: number }
  | { kind: "rejected"; status: number; answer: string }
  | { kind: "unreachable"; why: string };

export interface PostRequest {
  url: string;
  /** The exact bytes sent (a signature is computed over them). */
  body: string;
  headers: Record<string, string>;
  timeoutMs: number;
}

const ANSWER_CHARS = 200;

/**
 * One POST with Node's fetch. Never throws and never reports the URL: webhook URLs are secrets
 * (Slack's carries its token in the path), so outcomes name a status, a short redacted answer, or
 * the network error's code. Redirects are not followed: a POST turned into a GET elsewhere is not a
 * delivery.
 */
export async function postJson(request: PostRequest): Promise<PostOutcome> {
  try {
    const response = await fetch(request.url, {
      method: "POST",
      headers: { "content-type": "application/json", "user-agent": "ao", ...request.headers },
      body: request.body,
      redirect: "manual",
      signal: AbortSignal.timeout(request.timeoutMs),
    });
    const answer = scrub(await response.text(), request.url);
    if (response.status >= 200 && response.status < 300) return { kind: "ok", status: response.status };
    return { kind: "rejected", status: response.status, answer };
  } catch (error) {
    return { kind: "unreachable", why: networkWhy(error, request.timeoutMs) };
  }
}

/**
 * A short, redacted piece of the answer. Servers echo the request path in error pages ("Cannot POST
 * /hooks/…"), so the URL and its path are cut out before anything is shown.
 */
function scrub(answer: string, url: string): string {
  const { pathname, search } = new URL(url);
  let text = answer.split(url).join(REDACTED);
  for (const part of [pathname + search, pathname])
    if (part.length > 1) text = text.split(part).join(REDACTED);
  return redactText(text.trim().slice(0, ANSWER_CHARS));
}

/** `ECONNREFUSED`, `ENOTFOUND`, `timed out after 10000ms`: the kind of failure, not its address. */
function networkWhy(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError"))
    return `timed out after ${timeoutMs}ms`;
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  return typeof cause?.code === "string" ? cause.code : "network error";
}
