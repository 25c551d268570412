import { isAoError } from "../errors.js";
import type { ConfigIssue } from "./config-issues.js";
import { loadConfig, type LoadContext } from "./load-config.js";

export type ConfigValidation =
  | { ok: true; path: string; projects: number }
  | {
      ok: false;
      path: string;
      /** Unknown when the file does not validate. */
      projects: null;
      errors: ConfigIssue[];
      /** The same text `loadConfig` would throw: every issue on its own line. */
      message: string;
      hint: string | undefined;
    };

/**
 * `ao config validate`: a broken file is a result here, not an exception, so `--json` can return
 * the issues as data. A file that cannot be found is still an error (there is nothing to validate).
 */
export async function validateConfig(
  ctx: LoadContext,
  options: { configPath?: string | undefined },
): Promise<ConfigValidation> {
  try {
    // Always the full load: this is the command people run to check the file itself.
    const loaded = await loadConfig(ctx, { ...options, readCache: false });
    return { ok: true, path: loaded.path, projects: Object.keys(loaded.config.projects).length };
  } catch (error) {
    if (!isAoError(error) || (error.code !== "E_CONFIG_INVALID" && error.code !== "E_CONFIG_ENV"))
      throw error;
    const details = error.details as { file: string; issues: ConfigIssue[] };
    return {
      ok: false,
      path: details.file,
      projects: null,
      errors: details.issues,
      message: error.message,
      hint: error.hint,
    };
  }
}
