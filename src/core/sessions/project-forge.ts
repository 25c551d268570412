import { dirname } from "node:path";
import { loadConfig, type LoadedConfig, type PluginConfig, type ProjectConfig } from "../config/index.js";
import type { AoContext } from "../context.js";
import { AoError, EXIT_USAGE } from "../errors.js";
import { createPluginRegistry } from "../registry/plugin-registry.js";
import type { Scm, Tracker } from "../slots/index.js";
import { findProject } from "./open-project.js";

/** A plugin instance with the name it is configured under (for messages: `scm/github has no …`). */
export interface Named<T> {
  name: string;
  plugin: T;
}

/**
 * One project's forge-side plugins (scm and tracker), for commands that only talk to those: `ao
 * review`, `ao merge`, `ao ci`, `ao issue`. Unlike openProject it resolves no runtime, agent or
 * workspace, so these commands work whatever state the agent's tooling is in.
 */
export interface ProjectForge {
  loaded: LoadedConfig;
  project: ProjectConfig;
  scm(): Promise<Named<Scm>>;
  tracker(): Promise<Named<Tracker>>;
}

export async function openProjectForge(
  ctx: AoContext,
  projectId: string,
  configPath: string | undefined,
): Promise<ProjectForge> {
  const loaded = await loadConfig(ctx, { configPath });
  return forgeFor(ctx, loaded, findProject(loaded, projectId));
}

export function forgeFor(ctx: AoContext, loaded: LoadedConfig, project: ProjectConfig): ProjectForge {
  const registry = createPluginRegistry(ctx, {
    baseDir: dirname(loaded.path),
    project: { id: project.id, path: project.path, defaultBranch: project.defaultBranch, repo: project.repo },
  });
  const resolve = async <S extends "scm" | "tracker">(slot: S, configured: PluginConfig | undefined) => {
    if (configured === undefined)
      throw notConfigured(slot, project, loaded.path, Object.keys(ctx.catalog[slot]));
    const { plugin: name, ...options } = configured;
    return { name, plugin: await registry.resolve(slot, name, options) };
  };
  return {
    loaded,
    project,
    scm: () => resolve("scm", project.scm),
    tracker: () => resolve("tracker", project.tracker),
  };
}

function notConfigured(
  slot: "scm" | "tracker",
  project: ProjectConfig,
  path: string,
  builtins: readonly string[],
): AoError {
  const choices = builtins.length > 0 ? ` (built-in: ${builtins.join(", ")})` : "";
  return new AoError("E_CONFIG_INVALID", `project ${project.id} has no ${slot} configured in ${path}`, {
    exitCode: EXIT_USAGE,
    hint: `set \`${slot}: <plugin>\` in the project${choices}, or \`repo: owner/name\` for a hosted repository; local mode needs no hosting service (docs/local-mode.md)`,
    details: { project: project.id, slot },
  });
}
