import type { AoContext } from "../context.js";
import { findConfigPath } from "../config/find-config-path.js";
import { loadConfig } from "../config/load-config.js";
import type { LoadedConfig } from "../config/types.js";
import { isAoError } from "../errors.js";
import type { DoctorCheck } from "./check.js";

export interface ConfigCheck {
  readonly check: DoctorCheck;
  /** Present when the file was found and is valid: the config-dependent checks use it. */
  readonly loaded: LoadedConfig | undefined;
}

/**
 * Finds and loads the configuration. None found (and none named) is only a warning: doctor is
 * also what a person runs before `ao init`. A named file that is missing, or any invalid file,
 * fails with the loader's own message.
 */
export async function checkConfig(
  ctx: Pick<AoContext, "env" | "cwd" | "catalog">,
  configPath: string | undefined,
): Promise<ConfigCheck> {
  const base = { id: "config", title: "configuration" };
  const named = (configPath ?? "") !== "" || (ctx.env["AO_CONFIG_PATH"] ?? "") !== "";
  try {
    const path = await findConfigPath(ctx, configPath);
    const loaded = await loadConfig(ctx, { configPath: path });
    const count = Object.keys(loaded.config.projects).length;
    const projects = count === 1 ? "1 project" : `${count} projects`;
    return { check: { ...base, status: "ok", detail: `${loaded.path} (${projects})` }, loaded };
  } catch (error) {
    if (!isAoError(error)) throw error;
    if (error.code === "E_CONFIG_NOT_FOUND" && !named) {
      return { check: { ...base, status: "warn", detail: error.message, fix: "ao init" }, loaded: undefined };
    }
    const fix = error.hint ?? "ao config validate";
    return { check: { ...base, status: "fail", detail: error.message, fix }, loaded: undefined };
  }
}
