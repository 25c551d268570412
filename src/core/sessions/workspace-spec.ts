import { join } from "node:path";
import type { ProjectConfig } from "../config/index.js";
import type { AoPaths } from "../paths.js";
import type { WorkspaceSpec } from "../slots/index.js";

/** Where a project's checkouts live: AO_HOME/projects/<project>/worktrees. */
export function worktreesDir(paths: Pick<AoPaths, "projects">, projectId: string): string {
  return join(paths.projects, projectId, "worktrees");
}

/** A workspace plugin puts the checkout at `<baseDir>/<sessionId>`: known before it exists. */
export function plannedWorktree(
  paths: Pick<AoPaths, "projects">,
  projectId: string,
  sessionId: string,
): string {
  return join(worktreesDir(paths, projectId), sessionId);
}

/** The spec create and restore get for one session: the project's setup (symlinks, copy, postCreate) included. */
export function workspaceSpec(
  paths: Pick<AoPaths, "projects">,
  project: ProjectConfig,
  session: { id: string; branch: string },
  startFrom?: string,
): WorkspaceSpec {
  return {
    ...(startFrom === undefined ? {} : { startFrom }),
    project: { id: project.id, path: project.path, defaultBranch: project.defaultBranch },
    sessionId: session.id,
    branch: session.branch,
    baseDir: worktreesDir(paths, project.id),
    symlinks: project.symlinks,
    copy: project.copy,
    postCreate: project.postCreate,
  };
}
