import { AoError, type PluginContext, type PluginProject } from "../../core/plugin-api.js";

/**
 * The project a local-mode plugin works on. tracker/local reads issue files in its repository and
 * scm/local merges into its main checkout, so either one needs the project the registry serves.
 */
export function requireProject(ctx: Pick<PluginContext, "project">, slot: "tracker" | "scm"): PluginProject {
  if (ctx.project !== undefined) return ctx.project;
  throw new AoError(
    "E_CONFIG_INVALID",
    `${slot}/local works on one project's repository, and was loaded without a project`,
    { hint: `name it as a project's ${slot} in agent-orchestrator.yaml (projects.<id>.${slot}: local)` },
  );
}
