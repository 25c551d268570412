import { dirname } from "node:path";
import { displayPath } from "../config/config-issues.js";
import { positionPluginOptionsError } from "../config/plugin-options-error.js";
import { listPluginReferences, type PluginReference } from "../config/plugin-references.js";
import type { LoadedConfig } from "../config/types.js";
import type { AoContext } from "../context.js";
import { isAoError } from "../errors.js";
import { createPluginRegistry } from "../registry/plugin-registry.js";
import type { DoctorCheck } from "./check.js";

/**
 * Resolves every plugin the configuration names through the registry, exactly as a command would
 * (load, validate options, create). All resolving is one ok line; each failure gets its own line
 * with the registry's message, where the name is written, and the registry's hint as the fix.
 */
export async function checkPlugins(ctx: AoContext, loaded: LoadedConfig): Promise<DoctorCheck[]> {
  const registry = createPluginRegistry(ctx, { baseDir: dirname(loaded.path) });
  const references = uniqueReferences(listPluginReferences(loaded));
  const failures: DoctorCheck[] = [];
  for (const reference of references) {
    try {
      await registry.resolve(reference.slot, reference.name, reference.options);
    } catch (error) {
      failures.push(failedReference(ctx, loaded, reference, error));
    }
  }
  if (failures.length > 0) return failures;
  const names = references.map((reference) => `${reference.slot} ${reference.name}`);
  return [
    {
      id: "plugins",
      title: "plugins",
      status: "ok",
      detail: `${names.length} resolved: ${names.join(", ")}`,
    },
  ];
}

/** The same plugin with the same options is resolved (and reported) once, at its first mention. */
function uniqueReferences(references: readonly PluginReference[]): PluginReference[] {
  const seen = new Set<string>();
  return references.filter((reference) => {
    const key = `${reference.slot}\u0000${reference.name}\u0000${JSON.stringify(reference.options)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Bad options point at each option (file:line:column and key path); other failures at the name. */
function failedReference(
  ctx: Pick<AoContext, "cwd">,
  loaded: LoadedConfig,
  reference: PluginReference,
  error: unknown,
): DoctorCheck {
  const positioned = positionPluginOptionsError(loaded, reference.keyPath, error, ctx.cwd);
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
