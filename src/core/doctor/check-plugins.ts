import { dirname } from "node:path";
import { displayPath } from "../config/config-issues.js";
import { positionPluginOptionsError } from "../config/plugin-options-error.js";
import { listPluginReferences, type PluginReference } from "../config/plugin-references.js";
import type { LoadedConfig, ProjectConfig } from "../config/types.js";
import type { AoContext } from "../context.js";
import { isAoError } from "../errors.js";
import { createPluginRegistry, type PluginRegistry } from "../registry/plugin-registry.js";
import type { DoctorCheck } from "./check.js";

/**
 * Resolves every plugin the configuration names through the registry, exactly as a command would
 * (load, validate options, create). All resolving is one ok line; each failure gets its own line
 * with the registry's message, where the name is written, and the registry's hint as the fix.
 */
export async function checkPlugins(ctx: AoContext, loaded: LoadedConfig): Promise<DoctorCheck[]> {
  const registryFor = projectRegistries(ctx, loaded);
  const references = uniqueReferences(await listPluginReferences(loaded));
  const failures: DoctorCheck[] = [];
  for (const reference of references) {
    try {
      await registryFor(reference).resolve(reference.slot, reference.name, reference.options);
    } catch (error) {
      failures.push(await failedReference(ctx, loaded, reference, error));
    }
  }
  if (failures.length > 0) return failures;
  const names = [...new Set(references.map((reference) => `${reference.slot} ${reference.name}`))];
  return [
    {
      id: "plugins",
      title: "plugins",
      status: "ok",
      detail: `${names.length} resolved: ${names.join(", ")}`,
    },
  ];
}

/**
 * A registry per project, as a command builds it (see open-project.ts): plugins such as tracker/local
 * and scm/local refuse to load without the project they serve. Notifiers serve no project.
 */
function projectRegistries(
  ctx: AoContext,
  loaded: LoadedConfig,
): (reference: PluginReference) => PluginRegistry {
  const baseDir = dirname(loaded.path);
  const shared = createPluginRegistry(ctx, { baseDir });
  const registries = new Map<string, PluginRegistry>();
  return (reference) => {
    const project = projectOf(loaded, reference);
    if (project === undefined) return shared;
    let registry = registries.get(project.id);
    if (registry === undefined) {
      const { id, path, defaultBranch, repo } = project;
      registry = createPluginRegistry(ctx, { baseDir, project: { id, path, defaultBranch, repo } });
      registries.set(project.id, registry);
    }
    return registry;
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
  const message = error instanceof Error ? error.message : String(error);
  return {
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
