import type { LoadedConfig } from "../config/types.js";
import type { AoContext } from "../context.js";
import type { DoctorCheck } from "./check.js";
import { checkPlugins } from "./check-plugins.js";

/**
 * What `ao start` says before its first cycle: every configured plugin's own check that is not ok
 * (a webhook notifier without its secret, a GitHub project without a token, an agent CLI that is
 * not installed), and options a plugin rejects, each with where the configuration asks for it and
 * the fix. The daemon starts anyway: one project's broken notifier must not stop the reactions of
 * every other project, and `ao doctor` is where a failure fails.
 */
export async function preflightChecks(
  ctx: AoContext,
  loaded: LoadedConfig,
  platform: string,
): Promise<DoctorCheck[]> {
  const checks = await checkPlugins(ctx, loaded, { platform, create: false });
  return checks.filter((check) => check.status !== "ok");
}

/** One line per check: what, where in the file, and the fix. */
export function describeCheck(check: DoctorCheck): string {
  const source = check.source;
  const where =
    source === undefined
      ? ""
      : source.file === undefined
        ? ` (at ${source.keyPath}, a default)`
        : ` (at ${source.file}:${String(source.line)}:${String(source.column)} ${source.keyPath})`;
  const fix = check.fix === undefined ? "" : `; fix: ${check.fix}`;
  return `${check.title}: ${check.detail.replaceAll("\n", " ")}${where}${fix}`;
}
