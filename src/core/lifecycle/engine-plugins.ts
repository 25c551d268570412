import { dirname } from "node:path";
import type { LoadedConfig, ProjectConfig } from "../config/index.js";
import type { AoContext } from "../context.js";
import { createPluginRegistry, type PluginRegistry } from "../registry/plugin-registry.js";
import type { Lifecycle, Notifier, Scm, Tracker } from "../slots/index.js";

/** The plugins one project's sessions are observed and served with. */
export interface ProjectPlugins {
  readonly project: ProjectConfig;
  /** Serves this project (PluginContext.project): runtime, agent, scm, tracker. */
  readonly registry: PluginRegistry;
  /** Undefined when the project configures no scm. */
  scm(): Promise<Scm | undefined>;
  tracker(): Promise<Tracker | undefined>;
}

/**
 * Plugin instances kept for the engine's whole life: the registry creates each instance once, so
 * scm/github's in-memory ETag cache survives from one cycle to the next.
 */
export interface EnginePlugins {
  /** Undefined for a project that is no longer in the configuration. */
  forProject(projectId: string): ProjectPlugins | undefined;
  /** A registry serving no project, for sessions whose project was removed from the config. */
  readonly shared: PluginRegistry;
  /** The project's lifecycle plugin (`lifecycle:`), else (or for no project) `defaults.lifecycle`. */
  lifecycle(projectId: string | undefined): Promise<Lifecycle>;
  /** A routed name: a notifier id of `config.notifiers`, else a notifier plugin name. */
  notifier(name: string): Promise<Notifier>;
}

export function createEnginePlugins(ctx: AoContext, loaded: LoadedConfig): EnginePlugins {
  const baseDir = dirname(loaded.path);
  const shared = createPluginRegistry(ctx, { baseDir });
  const projects = new Map<string, ProjectPlugins>();
  return {
    shared,
    forProject(projectId) {
      const project = loaded.config.projects[projectId];
      if (project === undefined) return undefined;
      let plugins = projects.get(projectId);
      if (plugins === undefined) {
        plugins = projectPlugins(ctx, project, baseDir);
        projects.set(projectId, plugins);
      }
      return plugins;
    },
    lifecycle(projectId) {
      const project =
        projectId !== undefined && Object.hasOwn(loaded.config.projects, projectId)
          ? loaded.config.projects[projectId]
          : undefined;
      const { plugin, ...options } = project?.lifecycle ?? { plugin: loaded.config.defaults.lifecycle };
      return shared.resolve("lifecycle", plugin, options);
    },
    notifier(name) {
      const configured = Object.hasOwn(loaded.config.notifiers, name)
        ? loaded.config.notifiers[name]
        : undefined;
      if (configured === undefined) return shared.resolve("notifier", name);
      const { plugin, ...options } = configured;
      return shared.resolve("notifier", plugin, options);
    },
  };
}

function projectPlugins(ctx: AoContext, project: ProjectConfig, baseDir: string): ProjectPlugins {
  const registry = createPluginRegistry(ctx, {
    baseDir,
    project: { id: project.id, path: project.path, defaultBranch: project.defaultBranch, repo: project.repo },
  });
  const resolveConfigured = <S extends "scm" | "tracker">(slot: S) => {
    const configured = project[slot];
    if (configured === undefined) return Promise.resolve(undefined);
    const { plugin, ...options } = configured;
    return registry.resolve(slot, plugin, options);
  };
  return {
    project,
    registry,
    scm: () => resolveConfigured("scm"),
    tracker: () => resolveConfigured("tracker"),
  };
}
