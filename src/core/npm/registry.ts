import { AoError, type CoreErrorCode } from "../errors.js";

/** The default npm registry, as npm itself has it. */
export const NPM_REGISTRY = "https://registry.npmjs.org/";

const TIMEOUT_MS = 10_000;

/**
 * The registry npm would ask: `npm_config_registry` (npm sets it for scripts, and a person or a
 * test may set it), else npm's default. Always with a trailing slash, so paths can be appended.
 */
export function registryUrl(env: Readonly<Record<string, string | undefined>>): string {
  const configured = env["npm_config_registry"] ?? env["NPM_CONFIG_REGISTRY"];
  const url = configured === undefined || configured.trim() === "" ? NPM_REGISTRY : configured.trim();
  return url.endsWith("/") ? url : `${url}/`;
}

/**
 * GET a JSON document from the registry. Anything short of a 200 with JSON (no network, a 404, a
 * proxy's HTML page) is an AoError with `code` that says which registry answered what.
 */
export async function getRegistryJson(
  url: string,
  code: CoreErrorCode,
  accept = "application/json",
): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, { headers: { Accept: accept }, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    const cause =
      error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
    throw new AoError(code, `could not reach the npm registry at ${new URL(url).origin} (${cause})`, {
      hint: "check the network, or point npm_config_registry at a registry you can reach",
    });
  }
  if (!response.ok) {
    throw new AoError(
      code,
      `the npm registry answered ${response.status} ${response.statusText} for ${url}`,
      {
        hint: response.status === 404 ? "check the package name" : "try again later",
      },
    );
  }
  try {
    return await response.json();
  } catch {
    throw new AoError(code, `the npm registry's answer for ${url} is not JSON`, {
      hint: "check npm_config_registry: it should be an npm registry's address",
    });
  }
}

/** The path of a package's document under the registry (`@scope/name` keeps its `@`, `/` encoded). */
export function packagePath(name: string): string {
  return name.startsWith("@") ? `@${encodeURIComponent(name.slice(1))}` : encodeURIComponent(name);
}
