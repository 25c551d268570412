import { dirname } from "node:path";
import type { PluginConfig } from "../config/types.js";
import type { AoContext } from "../context.js";
import { AoError } from "../errors.js";
import { createPluginRegistry } from "../registry/plugin-registry.js";
import type { Terminal } from "../slots/index.js";
import { isConfigProblem } from "../session-plugins/options-fallback.js";
import { loadConfigIfAny } from "../session-plugins/session-plugins.js";

/**
 * The terminal a person's view of a session opens through: `--terminal`, else the session's project
 * `terminal:`, else `defaults.terminal`, else the plugin catalog's default. A configuration that no
 * longer loads costs only its choice (with a warning): a running session stays attachable.
 */
export async function sessionTerminal(
  ctx: AoContext,
  projectId: string,
  options: { terminal?: string | undefined; configPath?: string | undefined },
): Promise<Terminal> {
  const loaded = await loadConfigIfAny(ctx, options.configPath).catch((error: unknown) => {
    if (!isConfigProblem(error)) throw error;
    ctx.stderr.write(`warning: the configuration does not load, so its terminal choice is not applied\n`);
    return undefined;
  });
  const project =
    loaded !== undefined && Object.hasOwn(loaded.config.projects, projectId)
      ? loaded.config.projects[projectId]
      : undefined;
  const fallback = loaded?.config.defaults.terminal || ctx.catalog.defaults?.terminal;
  const configured: PluginConfig | undefined =
    options.terminal !== undefined
      ? { plugin: options.terminal }
      : (project?.terminal ?? (fallback ? { plugin: fallback } : undefined));
  if (configured === undefined || configured.plugin === "") {
    throw new AoError("E_CONFIG_INVALID", "no terminal plugin to open the session with", {
      hint: "name one in the configuration's defaults.terminal (docs/configuration.md)",
    });
  }
  const { plugin, ...pluginOptions } = configured;
  const registry = createPluginRegistry(ctx, {
    baseDir: loaded === undefined ? ctx.cwd : dirname(loaded.path),
  });
  return registry.resolve("terminal", plugin, pluginOptions);
}
