import { localTimesIn } from "./local-time.js";

/** A refusal or failure the server explained: the page shows `message` and `hint` next to the action. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string | null,
    readonly hint: string | null,
  ) {
    super(message);
  }
}

interface ErrorBody {
  error?: string | { code?: string; message?: string; hint?: string };
  code?: string;
  message?: string;
  hint?: string;
}

async function parse<T>(response: Response): Promise<T> {
  const text = await response.text();
  const body = text === "" ? {} : (JSON.parse(text) as unknown);
  if (response.ok) return body as T;
  const failure = body as ErrorBody;
  const inner = typeof failure.error === "object" ? failure.error : failure;
  const message = inner.message ?? (typeof failure.error === "string" ? failure.error : response.statusText);
  throw new ApiError(response.status, message, inner.code ?? null, inner.hint ?? null);
}

/**
 * The page's only way to the server: same-origin requests with the session cookie. Mutations are
 * JSON POSTs (the server refuses anything else), reads are GETs; both throw ApiError on refusal.
 */
export async function getJson<T>(path: string): Promise<T> {
  return parse<T>(await fetch(path, { credentials: "same-origin", headers: { Accept: "application/json" } }));
}

/** A JSON POST: the only shape of request that changes anything (docs/dashboard.md, Security). */
export async function postJson<T>(path: string, body: unknown = {}): Promise<T> {
  const response = await fetch(path, {
    method: "POST",
    credentials: "same-origin",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify(body),
  });
  return parse<T>(response);
}

/**
 * The text a person reads for a failed call: the message, and the hint on its own line, with the
 * server's UTC times in local time.
 */
export function describeError(error: unknown): string {
  if (error instanceof ApiError)
    return localTimesIn(error.hint === null ? error.message : `${error.message}\n${error.hint}`);
  return localTimesIn(error instanceof Error ? error.message : String(error));
}
