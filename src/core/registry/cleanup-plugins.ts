import type { AoContext } from "../context.js";
import { messageOf } from "../errors.js";
import { SLOTS, type Slot } from "./catalog.js";
import { checkDefinition } from "./check-definition.js";
import { loadPluginModule } from "./load-plugin-module.js";

export interface NamedPlugin {
  readonly slot: Slot;
  readonly name: string;
}

/**
 * Asks each plugin to stop what it started under `ctx.paths.home` (its `cleanup` capability: the
 * tmux server, CI runs in flight), one after the other, for when that AO_HOME is thrown away.
 * Every plugin is asked even when an earlier one failed; what could not be stopped is returned.
 */
export async function cleanupPlugins(
  ctx: AoContext,
  plugins: readonly NamedPlugin[],
  baseDir: string,
): Promise<string[]> {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const { slot, name } of plugins) {
    const key = `${slot}/${name}`;
    if (seen.has(key)) continue;
    seen.add(key);
    try {
      const definition = checkDefinition(
        slot,
        name,
        await loadPluginModule(slot, name, { catalog: ctx.catalog, baseDir }),
      );
      problems.push(...((await definition.cleanup?.(ctx)) ?? []));
    } catch (error) {
      problems.push(`${key} could not clean up: ${messageOf(error)}`);
    }
  }
  return problems;
}

/** Every plugin of the catalog: what to ask when it is not known which ones an AO_HOME used. */
export function catalogPlugins(catalog: AoContext["catalog"]): NamedPlugin[] {
  return SLOTS.flatMap((slot) => Object.keys(catalog[slot]).map((name) => ({ slot, name })));
}
