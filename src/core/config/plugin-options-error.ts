import { AoError, isAoError } from "../errors.js";
import { formatIssue, formatKeyPath, type ConfigIssue } from "./config-issues.js";
import type { KeyPath, LoadedConfig } from "./types.js";

interface RegistryOptionIssue {
  path?: string;
  keyPath?: (string | number)[];
  message?: string;
  at?: "key" | undefined;
}

/**
 * The registry checks a plugin's options without knowing where they came from. This re-points its
 * E_PLUGIN_OPTIONS at the file: `agent-orchestrator.yaml:9:7 projects.app.agent.argv: …`, one line
 * per bad option, so the person goes straight to the key. An option that is missing points at the
 * nearest key that is written (the project, when its plugin came from `defaults`). Other errors pass
 * through unchanged.
 */
export async function positionPluginOptionsError(
  loaded: Pick<LoadedConfig, "loadDocument">,
  keyPath: KeyPath,
  error: unknown,
  cwd: string,
): Promise<unknown> {
  if (!isAoError(error) || error.code !== "E_PLUGIN_OPTIONS") return error;
  // Only an error needs the document: yaml stays unloaded on the way that succeeds.
  const [document, { locateInYaml }] = await Promise.all([
    loaded.loadDocument(),
    import("./config-document.js"),
  ]);
  const details = (error.details ?? {}) as {
    issues?: RegistryOptionIssue[];
    slot?: unknown;
    plugin?: unknown;
  };
  const raw = details.issues?.length ? details.issues : [{ keyPath: [], message: error.message }];
  const issues: ConfigIssue[] = raw.map((issue) => {
    const full = [...keyPath, ...(issue.keyPath ?? [])];
    return {
      ...locateInYaml(document, full, issue.at),
      path: formatKeyPath(full),
      keyPath: full,
      message: issue.message ?? error.message,
    };
  });
  const count = issues.length === 1 ? "1 problem" : `${issues.length} problems`;
  const plugin =
    typeof details.plugin === "string" ? ` for ${String(details.slot)} plugin "${details.plugin}"` : "";
  const headline = `invalid options${plugin} at ${formatKeyPath(keyPath)} (${count}):`;
  const lines = issues.map((issue) => `  ${formatIssue(issue, cwd)}`);
  return new AoError("E_PLUGIN_OPTIONS", [headline, ...lines].join("\n"), {
    hint: error.hint,
    details: { ...error.details, file: document.file, issues },
    cause: error,
  });
}
