/**
 * The seam for extra routes on the fake GitHub server (contract §5): tracker/github's issue routes
 * plug in here without the fake knowing about issues.
 */
export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Record<string, string | undefined>;
  body: unknown;
}

export interface FakeResponse {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface FakeRoute {
  method: string;
  /** Express-style pattern: "/repos/:owner/:repo/issues/:number". */
  path: string;
  handle(req: FakeRequest, params: Record<string, string>): FakeResponse;
}

/** The route's named segments when `path` matches its pattern, else undefined. */
export function matchRoute(
  route: FakeRoute,
  method: string,
  path: string,
): Record<string, string> | undefined {
  if (route.method.toUpperCase() !== method.toUpperCase()) return undefined;
  const wanted = route.path.split("/");
  const actual = path.split("/");
  if (wanted.length !== actual.length) return undefined;
  const params: Record<string, string> = {};
  for (const [index, segment] of wanted.entries()) {
    const value = actual[index] ?? "";
    if (segment.startsWith(":")) params[segment.slice(1)] = decodeURIComponent(value);
    else if (segment !== value) return undefined;
  }
  return params;
}

/** GitHub's error body: `{ message, documentation_url }` (plus `errors` for 422s). */
export function errorResponse(
  status: number,
  message: string,
  extra: Record<string, unknown> = {},
): FakeResponse {
  return {
    status,
    body: { message, documentation_url: "https://docs.github.com/rest", status: String(status), ...extra },
  };
}
