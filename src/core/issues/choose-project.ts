import { relative, isAbsolute } from "node:path";
import type { LoadedConfig, ProjectConfig } from "../config/index.js";
import { AoError, EXIT_USAGE } from "../errors.js";
import { findProject } from "../sessions/open-project.js";

/**
 * The project a command without a session works on: the one named, else the only one configured,
 * else the one whose checkout contains the current directory (the deepest, for nested checkouts).
 * Two projects on that same checkout are a question only the person can answer.
 */
export function chooseProject(loaded: LoadedConfig, cwd: string, named: string | undefined): ProjectConfig {
  if (named !== undefined) return findProject(loaded, named);
  const projects = Object.values(loaded.config.projects);
  if (projects.length === 1 && projects[0] !== undefined) return projects[0];
  const around = projects
    .filter((project) => contains(project.path, cwd))
    .sort((a, b) => b.path.length - a.path.length);
  const deepest = around[0];
  const tied = around.filter((project) => project.path === deepest?.path);
  if (deepest !== undefined && tied.length === 1) return deepest;
  if (tied.length > 1) throw sharedCheckout(loaded, tied);
  const ids = projects.map((project) => project.id);
  throw new AoError(
    "E_USAGE",
    `which project? ${loaded.path} configures ${ids.length > 0 ? ids.join(", ") : "none"}`,
    {
      exitCode: EXIT_USAGE,
      hint: "pass --project <id>, or run the command inside that project's checkout",
      details: { projects: ids },
    },
  );
}

function sharedCheckout(loaded: LoadedConfig, tied: readonly ProjectConfig[]): AoError {
  const ids = tied.map((project) => project.id);
  return new AoError(
    "E_USAGE",
    `which project? ${ids.join(" and ")} in ${loaded.path} share the checkout ${tied[0]?.path ?? ""}`,
    {
      exitCode: EXIT_USAGE,
      hint: `pass --project <id> (${ids.map((id) => `--project ${id}`).join(" or ")})`,
      details: { projects: ids },
    },
  );
}

function contains(dir: string, path: string): boolean {
  const inside = relative(dir, path);
  return inside === "" || (!inside.startsWith("..") && !isAbsolute(inside));
}
