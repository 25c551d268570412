import type { ProjectConfig } from "../config/index.js";
import type { AoContext } from "../context.js";
import { messageOf } from "../errors.js";
import { checkDefinition } from "../registry/check-definition.js";
import { loadPluginModule } from "../registry/load-plugin-module.js";
import type { PublishRulesInput } from "../registry/plugin-capabilities.js";

/**
 * Step 4 of the agent's base rules as the project's scm words it (`publishRules` on its
 * definition), or undefined when the project has no scm or the scm does not say. Why: an agent in
 * local mode was told to `git push -u origin` and `gh pr create`, which cannot work there. Only the
 * scm's module is loaded; no instance is created, so no token or client library is needed. An scm
 * that does not load costs only its wording (with a warning): the spawn does not need the scm.
 */
export async function scmPublishRules(
  ctx: AoContext,
  project: ProjectConfig,
  baseDir: string,
  input: PublishRulesInput,
): Promise<string | undefined> {
  if (project.scm === undefined) return undefined;
  const name = project.scm.plugin;
  try {
    const module = await loadPluginModule("scm", name, { catalog: ctx.catalog, baseDir });
    return checkDefinition("scm", name, module).publishRules?.(input);
  } catch (error) {
    ctx.stderr.write(
      `warning: scm ${name} did not load (${messageOf(error)}); the agent's rules say in general terms how to hand its work back\n`,
    );
    return undefined;
  }
}
