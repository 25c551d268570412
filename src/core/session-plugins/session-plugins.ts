import { readFile } from "node:fs/promises";
import { dirname } from "node:path";
import { findConfigPath } from "../config/find-config-path.js";
import { mayGivePluginOptions, projectPluginOptions } from "../config/project-plugins.js";
import type { AoConfig, LoadedConfig } from "../config/types.js";
import type { AoContext } from "../context.js";
import { isAoError } from "../errors.js";
import type { Slot } from "../registry/catalog.js";
import { createPluginRegistry, type PluginRegistry } from "../registry/plugin-registry.js";
import type { Session } from "../store/index.js";
import { isConfigProblem, warnOptionsNotApplied, withOptionsFallback } from "./options-fallback.js";

/** What a stored session says about its plugins. */
export type SessionPluginNames = Pick<Session, "project" | "runtime" | "agent">;

/** The options a session's runtime or agent gets from its project's configuration, if any. */
export type SessionPluginOptions = (
  session: SessionPluginNames,
  slot: "runtime" | "agent",
) => Record<string, unknown> | undefined;

export interface SessionPlugins {
  registry: PluginRegistry;
  optionsFor: SessionPluginOptions;
}

/**
 * Options from `config` for the plugins stored sessions name: the project's options when it still
 * configures the same plugin (a session spawned with `--agent other` gets none), none without a config.
 */
export function sessionPluginOptions(config: AoConfig | undefined): SessionPluginOptions {
  return (session, slot) => {
    const project =
      config && Object.hasOwn(config.projects, session.project)
        ? config.projects[session.project]
        : undefined;
    return project === undefined ? undefined : projectPluginOptions(project, slot, session[slot]);
  };
}

/**
 * The registry and plugin options for stored sessions (`ao status`, `ao send`, `ao session kill`).
 * Built-in plugins need no configuration, so the file is loaded (with zod) only when a plugin is
 * external (it resolves relative to the file, as at spawn) or the file may give plugins options.
 * A configuration that does not load, or options a plugin rejects, only cost the options (with a
 * warning): stored sessions must stay stoppable whatever happened to the file since their spawn.
 */
export async function pluginsForSessions(
  ctx: AoContext,
  sessions: readonly SessionPluginNames[],
  configPath?: string,
): Promise<SessionPlugins> {
  const names = sessions.flatMap((session) => [
    { slot: "runtime" as const, name: session.runtime },
    { slot: "agent" as const, name: session.agent },
  ]);
  if (allBuiltin(ctx, names) && !(await configMayGiveOptions(ctx, configPath))) {
    return { registry: createPluginRegistry(ctx), optionsFor: sessionPluginOptions(undefined) };
  }
  const loaded = await loadConfigIfAny(ctx, configPath).catch((error: unknown) => {
    if (!isConfigProblem(error)) throw error;
    warnOptionsNotApplied(ctx, "these sessions", error);
    return undefined;
  });
  const registry = createPluginRegistry(ctx, {
    baseDir: loaded === undefined ? ctx.cwd : dirname(loaded.path),
  });
  return { registry: withOptionsFallback(ctx, registry), optionsFor: sessionPluginOptions(loaded?.config) };
}

function allBuiltin(ctx: AoContext, names: readonly { slot: Slot; name: string }[]): boolean {
  return names.every(({ slot, name }) => Object.hasOwn(ctx.catalog[slot], name));
}

/** A cheap look at the file's text. No file gives no options; an unreadable one is loaded to say why. */
async function configMayGiveOptions(ctx: AoContext, configPath: string | undefined): Promise<boolean> {
  const path = await findConfigPath(ctx, configPath).catch(() => undefined);
  if (path === undefined) return false;
  const text = await readFile(path, "utf8").catch(() => undefined);
  return text === undefined || mayGivePluginOptions(text);
}

/** The configuration, or undefined when there is none (a session can outlive its config file). */
export async function loadConfigIfAny(
  ctx: AoContext,
  configPath?: string,
): Promise<LoadedConfig | undefined> {
  // Imported here: the configuration brings zod and yaml, which `ao status` with built-ins never needs.
  const { loadConfig } = await import("../config/load-config.js");
  try {
    return await loadConfig(ctx, { configPath });
  } catch (error) {
    if (isAoError(error) && error.code === "E_CONFIG_NOT_FOUND" && configPath === undefined) return undefined;
    throw error;
  }
}
