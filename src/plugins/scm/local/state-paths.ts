import { join } from "node:path";
import type { AoPaths } from "../../../core/plugin-api.js";

/**
 * Where scm/local keeps its state, per project, under AO_HOME (never in the repository, so the
 * main checkout stays clean and mergeable):
 *
 * ```
 * projects/<project>/local-scm/pulls/<n>/pull.json           the pull request as opened
 * projects/<project>/local-scm/pulls/<n>/events/<seq>.json   reviews, resolutions, merged/closed
 * projects/<project>/local-scm/checkouts/<branch>.json       where the branch was last pushed from
 * projects/<project>/ci/<branch>/<sha>/run.json              one CI run: commands, cwd, runner pid
 * projects/<project>/ci/<branch>/<sha>/<n>.log               output of the n-th command
 * projects/<project>/ci/<branch>/<sha>/result.json           written when the run is over
 * ```
 */
export interface LocalScmLayout {
  pulls: string;
  checkouts: string;
  ci: string;
}

export function localScmLayout(paths: Pick<AoPaths, "projects">, projectId: string): LocalScmLayout {
  const project = join(paths.projects, projectId);
  return {
    pulls: join(project, "local-scm", "pulls"),
    checkouts: join(project, "local-scm", "checkouts"),
    ci: join(project, "ci"),
  };
}

/**
 * A branch name as one path component: `/` becomes `~`, which git forbids in branch names, so two
 * branches never share a directory.
 */
export function branchKey(branch: string): string {
  return branch.replaceAll("/", "~");
}
