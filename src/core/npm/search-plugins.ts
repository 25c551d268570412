import { AoError } from "../errors.js";
import { getRegistryJson, registryUrl } from "./registry.js";

/** The npm keyword that marks a package as an ao plugin (`keywords` in its package.json). */
export const PLUGIN_KEYWORD = "agent-orchestrator-plugin";

/** One package the registry found, as `ao plugin search` shows it. */
export interface FoundPlugin {
  readonly name: string;
  readonly version: string;
  readonly description: string;
  readonly keywords: readonly string[];
  readonly date?: string | undefined;
  readonly npm?: string | undefined;
}

export interface PluginSearch {
  readonly query: string;
  readonly total: number;
  readonly plugins: readonly FoundPlugin[];
}

/**
 * The registry's search API (`/-/v1/search`) for packages with ao's plugin keyword, narrowed by
 * the person's words. The keyword is a qualifier of the registry's own query language, so only
 * packages that say they are ao plugins come back.
 */
export async function searchPlugins(
  env: Readonly<Record<string, string | undefined>>,
  words: readonly string[],
  limit: number,
): Promise<PluginSearch> {
  const query = [`keywords:${PLUGIN_KEYWORD}`, ...words].join(" ");
  const url = `${registryUrl(env)}-/v1/search?${new URLSearchParams({ text: query, size: String(limit) }).toString()}`;
  const answer = (await getRegistryJson(url, "E_REGISTRY_FAILED")) as { objects?: unknown; total?: unknown };
  if (!Array.isArray(answer.objects)) {
    throw new AoError("E_REGISTRY_FAILED", `the npm registry's search answer has no objects (${url})`, {
      hint: "check npm_config_registry: it should be an npm registry's address",
    });
  }
  const plugins = answer.objects.map((object) => foundPlugin((object as { package?: unknown }).package));
  const total = typeof answer.total === "number" ? answer.total : plugins.length;
  return { query, total, plugins: plugins.filter((p) => p !== undefined) };
}

function foundPlugin(value: unknown): FoundPlugin | undefined {
  const pkg = value as Partial<Record<"name" | "version" | "description" | "date", unknown>> & {
    keywords?: unknown;
    links?: { npm?: unknown };
  };
  if (typeof pkg !== "object" || typeof pkg.name !== "string") return undefined;
  const text = (field: unknown) => (typeof field === "string" ? field : undefined);
  const keywords = Array.isArray(pkg.keywords) ? pkg.keywords.filter((k) => typeof k === "string") : [];
  return {
    name: pkg.name,
    version: text(pkg.version) ?? "",
    description: text(pkg.description) ?? "",
    keywords,
    date: text(pkg.date),
    npm: text(pkg.links?.npm),
  };
}
