/** Where GitHub's APIs are: github.com by default, GitHub Enterprise Server through `GITHUB_API_URL`. */
export const GITHUB_API_URL = "https://api.github.com";

/** The `apiUrl` option, else `GITHUB_API_URL` from the environment, else api.github.com. */
export function resolveApiUrl(env: Readonly<Record<string, string | undefined>>, apiUrl?: string): string {
  const chosen = apiUrl ?? env["GITHUB_API_URL"] ?? GITHUB_API_URL;
  return (chosen.trim() === "" ? GITHUB_API_URL : chosen.trim()).replace(/\/+$/, "");
}

/**
 * GraphQL lives beside REST: api.github.com/graphql, and on Enterprise Server `https://host/api/v3`
 * (REST) pairs with `https://host/api/graphql`.
 */
export function graphqlUrlFor(apiUrl: string): string {
  const base = apiUrl.replace(/\/+$/, "");
  return /\/api\/v3$/.test(base) ? base.replace(/\/api\/v3$/, "/api/graphql") : `${base}/graphql`;
}

/** The host `gh auth token --hostname` expects: github.com for api.github.com, else the API's host. */
export function ghHostnameFor(apiUrl: string): string {
  const host = new URL(apiUrl).host;
  return host === "api.github.com" ? "github.com" : host;
}
