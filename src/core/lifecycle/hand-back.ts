import { dirname } from "node:path";
import type { LoadedConfig } from "../config/index.js";
import type { AoContext } from "../context.js";
import { checkDefinition } from "../registry/check-definition.js";
import { loadPluginModule } from "../registry/load-plugin-module.js";
import type { HandBackInput } from "../registry/plugin-capabilities.js";

/** The hand-back step when the scm does not word it: the agent's rules (step 4) say how. */
function generalHandBack({ defaultBranch, after }: HandBackInput): string {
  const handBack = "commit, and hand the fix back the way your rules (step 4) say.";
  return after === "merge-conflicts"
    ? `Bring \`${defaultBranch}\` into your branch (merge or rebase), resolve the conflicts, run the tests, then ${handBack}`
    : handBack;
}

/** Which hand-back a reaction asks for: merge-conflicts and changes-requested their own, any other CI's. */
export function handBackAfter(reaction: string): HandBackInput["after"] {
  return reaction === "changes-requested" || reaction === "merge-conflicts" ? reaction : "ci-failed";
}

/**
 * `{{handBack}}` of a reaction message: how the agent hands a fix back, as the project's scm words
 * it (`handBackRules`), the way the base rules' step 4 follows `publishRules`. Why: in local mode
 * the ci-failed and changes-requested messages said "commit and push" and "reply on each thread",
 * and merge-conflicts "rebase onto origin/… and push", against the agent's own rules there. Only the scm's module is loaded, never an instance.
 */
export async function handBackText(
  ctx: Pick<AoContext, "catalog">,
  loaded: LoadedConfig,
  projectId: string,
  input: HandBackInput,
): Promise<string> {
  const scm = loaded.config.projects[projectId]?.scm;
  if (scm === undefined) return generalHandBack(input);
  try {
    const module = await loadPluginModule("scm", scm.plugin, {
      catalog: ctx.catalog,
      baseDir: dirname(loaded.path),
    });
    return checkDefinition("scm", scm.plugin, module).handBackRules?.(input) ?? generalHandBack(input);
  } catch {
    return generalHandBack(input);
  }
}
