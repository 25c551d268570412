import { dirname } from "node:path";
import {
  loadConfig,
  positionPluginOptionsError,
  projectPluginOptions,
  type AoConfig,
  type LoadedConfig,
  type ProjectConfig,
  type ProjectPluginSlot,
} from "../config/index.js";
import type { AoContext } from "../context.js";
import { didYouMean } from "../did-you-mean.js";
import { AoError, EXIT_USAGE } from "../errors.js";
import { createPluginRegistry, type PluginRegistry } from "../registry/plugin-registry.js";
import { aoSecretVariables } from "../secret-variables.js";
import type { Agent, Runtime, SlotInterfaces, Tracker, Workspace } from "../slots/index.js";
import type { PublishRulesInput } from "../registry/plugin-capabilities.js";
import { scmPublishRules } from "./scm-publish-rules.js";
import { worktreesDir } from "./workspace-spec.js";

export interface OpenProjectOptions {
  /** `--config`; default: AO_CONFIG_PATH, then agent-orchestrator.yaml upwards from cwd. */
  configPath?: string | undefined;
  /** Plugin names that replace the project's (`--agent`, or the names stored with a session). */
  agent?: string | undefined;
  runtime?: string | undefined;
}

/** A configured project with its plugins, ready to spawn into or to restore a session of. */
export interface OpenProject {
  config: AoConfig;
  project: ProjectConfig;
  registry: PluginRegistry;
  names: { runtime: string; agent: string; workspace: string };
  runtime: Runtime;
  agent: Agent;
  workspace: Workspace;
  /** Where this project's checkouts live: AO_HOME/projects/<project>/worktrees. */
  worktreesDir: string;
  /** Resolved on first use only: a tracker may load a client library (Octokit) and need a token. */
  readonly tracker: () => Promise<Tracker | undefined>;
  /** How the agent hands its work back, as the project's scm words it (scmPublishRules). */
  readonly publishRules: (input: PublishRulesInput) => Promise<string | undefined>;
}

/** Loads the configuration and resolves the project's runtime, agent and workspace through the registry. */
export async function openProject(
  ctx: AoContext,
  projectId: string,
  options: OpenProjectOptions = {},
): Promise<OpenProject> {
  const loaded = await loadConfig(ctx, { configPath: options.configPath });
  const project = findProject(loaded, projectId);
  const registry = createPluginRegistry(ctx, {
    baseDir: dirname(loaded.path),
    project: { id: project.id, path: project.path, defaultBranch: project.defaultBranch, repo: project.repo },
    secretVariables: aoSecretVariables(loaded.config),
  });
  const names = {
    runtime: options.runtime ?? project.runtime.plugin,
    agent: options.agent ?? project.agent.plugin,
    workspace: project.workspace.plugin,
  };
  const resolve = <S extends keyof typeof names>(slot: S) =>
    resolveProjectPlugin(ctx, { loaded, project, registry }, slot, names[slot]);
  const [runtime, agent, workspace] = await Promise.all([
    resolve("runtime"),
    resolve("agent"),
    resolve("workspace"),
  ]);
  let tracker: Promise<Tracker | undefined> | undefined;
  return {
    config: loaded.config,
    project,
    registry,
    names,
    runtime,
    agent,
    workspace,
    worktreesDir: worktreesDir(ctx.paths, project.id),
    publishRules: (input) => scmPublishRules(ctx, project, dirname(loaded.path), input),
    tracker: () => {
      const configured = project.tracker;
      if (configured === undefined) return Promise.resolve(undefined);
      const { plugin, ...trackerOptions } = configured;
      tracker ??= registry.resolve("tracker", plugin, trackerOptions);
      return tracker;
    },
  };
}

/**
 * `slot:name` with the options the project gives that plugin (none when a session or `--agent`
 * names another one). Options that fail the plugin's schema are reported at their place in the file.
 */
function resolveProjectPlugin<S extends ProjectPluginSlot>(
  ctx: AoContext,
  opened: { loaded: LoadedConfig; project: ProjectConfig; registry: PluginRegistry },
  slot: S,
  name: string,
): Promise<SlotInterfaces[S]> {
  const options = projectPluginOptions(opened.project, slot, name);
  return opened.registry.resolve(slot, name, options).catch(async (error: unknown) => {
    if (options === undefined) throw error;
    throw await positionPluginOptionsError(
      opened.loaded,
      ["projects", opened.project.id, slot],
      error,
      ctx.cwd,
    );
  });
}

/** The project by id; an unknown id lists the configured ones and suggests the closest. */
export function findProject(loaded: LoadedConfig, projectId: string): ProjectConfig {
  const projects = loaded.config.projects;
  const project = Object.hasOwn(projects, projectId) ? projects[projectId] : undefined;
  if (project) return project;
  const ids = Object.keys(projects);
  const suggestion = didYouMean(projectId, ids);
  throw new AoError("E_NOT_FOUND", `no project "${projectId}" in ${loaded.path}`, {
    exitCode: EXIT_USAGE,
    hint:
      (suggestion === undefined ? "" : `did you mean "${suggestion}"? `) +
      (ids.length > 0 ? `configured projects: ${ids.join(", ")}` : "the file configures no project"),
    details: { project: projectId, projects: ids, ...(suggestion === undefined ? {} : { suggestion }) },
  });
}
