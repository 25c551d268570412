import type { AoContext } from "../context.js";
import type { DoctorCheck } from "./check.js";
import { isAoError } from "../errors.js";
import { configIssuesError, type ConfigIssue } from "../config/config-issues.js";
import { loadConfig } from "../config/load-config.js";

export type ConfigValidation =
  | {
      ok: true;
      path: string;
      projects: number;
      /**
       * What the built-in plugins the file names can tell offline that will not work: options
       * they reject, a webhook notifier's secret variable that is unset, an agent CLI not on PATH.
       * They do not fail validation (the file is valid; CI may validate it without the secrets).
       */
      warnings: DoctorCheck[];
      /** Keys written for the original ao, each with what ao does instead (`ao config migrate` rewrites them). */
      keyWarnings: readonly ConfigIssue[];
    }
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
 * A valid file is then shown to its built-in plugins' offline checks (no process, no network, no
 * external plugin loaded): what they find comes back as warnings.
 */
export async function validateConfig(
  ctx: AoContext,
  options: { configPath?: string | undefined; platform?: string | undefined },
): Promise<ConfigValidation> {
  let loaded;
  try {
    // Always the full load: this is the command people run to check the file itself.
    loaded = await loadConfig(ctx, {
      configPath: options.configPath,
      readCache: false,
      printWarnings: false,
      registered: false,
    });
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
  const { checkPlugins } = await import("./check-plugins.js");
  const checks = await checkPlugins(ctx, loaded, { platform: options.platform ?? "", offline: true });
  // Options a built-in plugin rejects would stop the first spawn: they fail validation, in file order.
  const errors = checks
    .flatMap((check) => check.issues ?? [])
    .sort((a, b) => a.line - b.line || a.column - b.column);
  if (errors.length > 0) return optionErrors(ctx, loaded.path, errors);
  const warnings = checks.filter((check) => check.status !== "ok");
  const projects = Object.keys(loaded.config.projects).length;
  return { ok: true, path: loaded.path, projects, warnings, keyWarnings: loaded.warnings };
}

function optionErrors(ctx: AoContext, path: string, errors: ConfigIssue[]): ConfigValidation {
  const error = configIssuesError("E_CONFIG_INVALID", path, errors, ctx.cwd);
  const hint =
    "fix the plugin options listed above; `ao config schema` and docs/plugins.md describe each built-in plugin's options";
  return { ok: false, path, projects: null, errors, message: error.message, hint };
}
