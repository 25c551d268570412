import type { AoContext } from "../context.js";
import { checkDefinition } from "../registry/check-definition.js";
import { loadPluginModule } from "../registry/load-plugin-module.js";
import type { DefaultModels } from "../registry/plugin-capabilities.js";

/**
 * The default models an agent plugin recorded for its CLI (`defaultModels` on its definition), or
 * undefined when it has none or does not load. Only the module is loaded: no instance, no program.
 */
export async function agentDefaultModels(
  ctx: Pick<AoContext, "catalog">,
  agent: string,
  baseDir: string,
): Promise<DefaultModels | undefined> {
  try {
    const module = await loadPluginModule("agent", agent, { catalog: ctx.catalog, baseDir });
    return checkDefinition("agent", agent, module).defaultModels;
  } catch {
    return undefined;
  }
}
