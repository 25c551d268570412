import { dirname } from "node:path";
import { displayPath, type ConfigIssue } from "../config/config-issues.js";
import { positionPluginOptionsError } from "../config/plugin-options-error.js";
import { listPluginReferences, type PluginReference } from "../config/plugin-references.js";
import type { LoadedConfig, ProjectConfig } from "../config/types.js";
import type { AoContext } from "../context.js";
import { isAoError, messageOf } from "../errors.js";
import type { PluginProject } from "../registry/define-plugin.js";
import { missingPlugin } from "../registry/plugin-installed.js";
import { inspectPlugin, type InspectedPlugin } from "../registry/inspect-plugin.js";
import { createPluginRegistry, type PluginRegistry } from "../registry/plugin-registry.js";
import type { DoctorCheck } from "./check.js";
import { mergeChecks, placeCheck, runPluginDoctor } from "./plugin-checks.js";

export interface PluginCheckOptions {
  /** `process.platform` of the machine checked (install commands differ). */
  readonly platform: string;
  /**
   * `ao config validate`: built-in plugins only, nothing created, no process started. Problems
   * resolving a plugin are left to doctor then (the plugin may live on another machine).
   */
  readonly offline?: boolean | undefined;
  /**
   * false: stop after the plugins' own checks (`ao start`, whose engine creates the instances
   * itself). Doctor creates each one as a command would, to catch what only `create` finds.
   */
  readonly create?: boolean | undefined;
}

/**
 * Every plugin the configuration names, through the registry exactly as a command would (load,
 * validate options), then what each plugin's own `doctor` says it needs, then `create` for those
 * whose checks found nothing failing. All resolving is one ok line; each failure gets its own line
 * with the registry's message and where the name is written. The same check from two plugins is
 * one line (the worst of them).
 */
export async function checkPlugins(
  ctx: AoContext,
  loaded: LoadedConfig,
  options: PluginCheckOptions,
): Promise<DoctorCheck[]> {
  const offline = options.offline === true;
  const projects = projectScopes(ctx, loaded);
  const named = uniqueReferences(await listPluginReferences(loaded));
  const references = named.filter(
    (reference) => !offline || Object.hasOwn(ctx.catalog[reference.slot], reference.name),
  );
  const missing = offline ? await notInstalled(ctx, loaded, named, projects) : [];
  // Side by side: loading the plugin modules and asking gh overlap; the lines keep the file's order.
  const outcomes = await Promise.all(
    references.map((reference) => checkReference(ctx, loaded, reference, projects(reference), options)),
  );
  const failures = outcomes.flatMap((outcome) => (outcome.failure === undefined ? [] : [outcome.failure]));
  const found = outcomes.flatMap((outcome) => outcome.checks);
  if (offline) return [...failures, ...missing, ...mergeChecks(found)];
  return [...(failures.length > 0 ? failures : [resolvedLine(references)]), ...mergeChecks(found)];
}

/**
 * Offline, a plugin that is neither built in nor installed where the config file is gets a warning
 * (not a failure: it may be installed on the machine that runs ao) with where ao looks for it.
 */
async function notInstalled(
  ctx: AoContext,
  loaded: LoadedConfig,
  references: readonly PluginReference[],
  projects: (reference: PluginReference) => Scope,
): Promise<DoctorCheck[]> {
  const checks = references.map(async (reference) => {
    const error = missingPlugin(reference.slot, reference.name, projects(reference).source);
    if (error === undefined) return [];
    return [{ ...(await failedReference(ctx, loaded, reference, error)), status: "warn" as const }];
  });
  return (await Promise.all(checks)).flat();
}

interface ReferenceOutcome {
  /** The registry could not load, validate or create it. */
  readonly failure?: DoctorCheck | undefined;
  readonly checks: readonly DoctorCheck[];
}

/** Inspect, ask the plugin's doctor, create unless a check failed (a webhook without its secret). */
async function checkReference(
  ctx: AoContext,
  loaded: LoadedConfig,
  reference: PluginReference,
  scope: Scope,
  options: PluginCheckOptions,
): Promise<ReferenceOutcome> {
  const offline = options.offline === true;
  let inspected: InspectedPlugin;
  try {
    inspected = await inspectPlugin(scope.source, reference.slot, reference.name, reference.options);
  } catch (error) {
    // Offline, only what the file itself gets wrong counts: options the plugin's schema rejects.
    const reported = !offline || (isAoError(error) && error.code === "E_PLUGIN_OPTIONS");
    return {
      failure: reported ? await failedReference(ctx, loaded, reference, error) : undefined,
      checks: [],
    };
  }
  const found = await runPluginDoctor(inspected, {
    env: ctx.env,
    cwd: ctx.cwd,
    paths: ctx.paths,
    baseDir: scope.source.baseDir,
    project: scope.project,
    exec: offline ? undefined : ctx.exec,
    platform: options.platform,
  });
  const checks = await Promise.all(found.map((check) => placeCheck(ctx, loaded, reference, check)));
  if (offline || options.create === false || found.some((check) => check.status === "fail"))
    return { checks };
  try {
    await scope.registry.resolve(reference.slot, reference.name, reference.options);
    return { checks };
  } catch (error) {
    return { failure: await failedReference(ctx, loaded, reference, error), checks };
  }
}

function resolvedLine(references: readonly PluginReference[]): DoctorCheck {
  const names = [...new Set(references.map((reference) => `${reference.slot} ${reference.name}`))];
  return {
    id: "plugins",
    title: "plugins",
    status: "ok",
    detail: `${names.length} resolved: ${names.join(", ")}`,
  };
}

interface Scope {
  readonly source: { readonly catalog: AoContext["catalog"]; readonly baseDir: string };
  readonly project: PluginProject | undefined;
  readonly registry: PluginRegistry;
}

/**
 * A registry per project, as a command builds it (see open-project.ts): plugins such as tracker/local
 * and scm/local refuse to load without the project they serve. Notifiers serve no project.
 */
function projectScopes(ctx: AoContext, loaded: LoadedConfig): (reference: PluginReference) => Scope {
  const baseDir = dirname(loaded.path);
  const source = { catalog: ctx.catalog, baseDir };
  const shared: Scope = { source, project: undefined, registry: createPluginRegistry(ctx, { baseDir }) };
  const scopes = new Map<string, Scope>();
  return (reference) => {
    const config = projectOf(loaded, reference);
    if (config === undefined) return shared;
    let scope = scopes.get(config.id);
    if (scope === undefined) {
      const { id, path, defaultBranch, repo } = config;
      const project = { id, path, defaultBranch, repo };
      scope = { source, project, registry: createPluginRegistry(ctx, { baseDir, project }) };
      scopes.set(config.id, scope);
    }
    return scope;
  };
}

/** The project a reference belongs to: its key path is ["projects", <id>, <slot>]. */
function projectOf(loaded: LoadedConfig, reference: PluginReference): ProjectConfig | undefined {
  const [root, id] = reference.keyPath;
  if (root !== "projects" || typeof id !== "string") return undefined;
  return Object.hasOwn(loaded.config.projects, id) ? loaded.config.projects[id] : undefined;
}

/**
 * The same plugin with the same options is resolved (and reported) once, at its first mention;
 * once per project, since each project's instance is created for that project.
 */
function uniqueReferences(references: readonly PluginReference[]): PluginReference[] {
  const seen = new Set<string>();
  return references.filter((reference) => {
    const scope = reference.keyPath[0] === "projects" ? String(reference.keyPath[1]) : "";
    const key = `${scope}\u0000${reference.slot}\u0000${reference.name}\u0000${JSON.stringify(reference.options)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Bad options point at each option (file:line:column and key path); other failures at the name. */
async function failedReference(
  ctx: Pick<AoContext, "cwd">,
  loaded: LoadedConfig,
  reference: PluginReference,
  error: unknown,
): Promise<DoctorCheck> {
  const positioned = await positionPluginOptionsError(loaded, reference.keyPath, error, ctx.cwd);
  const where = reference.location
    ? ` (${displayPath(reference.location.file, ctx.cwd)}:${reference.location.line})`
    : ` (${reference.keyPath.join(".")}, a default)`;
  const message = messageOf(error);
  const issues = isAoError(positioned)
    ? (positioned.details as { issues?: ConfigIssue[] } | undefined)?.issues
    : undefined;
  return {
    ...(positioned !== error && issues !== undefined ? { issues } : {}),
    id: `plugin:${reference.slot}/${reference.name}`,
    title: `${reference.slot} ${reference.name}`,
    status: "fail",
    detail: positioned !== error && positioned instanceof Error ? positioned.message : `${message}${where}`,
    fix:
      isAoError(error) && error.hint !== undefined
        ? error.hint
        : "ao plugin ls  (then fix the name in the config)",
  };
}
