import { execError, git, type PluginContext } from "../../../core/plugin-api.js";

type Git = Pick<PluginContext, "exec">;

export interface MergeCheck {
  clean: boolean;
  /** The merged tree (with conflict markers when not clean). */
  tree: string;
  /** Paths that conflict, each once. */
  conflicts: string[];
}

/**
 * Merges two commits in git's object database only (`git merge-tree --write-tree`, git ≥ 2.38):
 * no working tree, no index, no ref changes, so observe can ask it of every open pull request.
 */
export async function checkMerge(
  ctx: Git,
  repoPath: string,
  base: string,
  head: string,
): Promise<MergeCheck> {
  const result = await git(
    ctx,
    repoPath,
    ["merge-tree", "-z", "--write-tree", "--name-only", "--no-messages", base, head],
    { reject: false },
  );
  if (result.exitCode !== 0 && result.exitCode !== 1) throw execError("git", result);
  const [tree = "", ...paths] = result.stdout.split("\0").filter((part) => part !== "");
  return { clean: result.exitCode === 0, tree, conflicts: [...new Set(paths)] };
}

/** Whether `ancestor` is reachable from `descendant` (a commit is its own ancestor). */
export async function isAncestor(
  ctx: Git,
  repoPath: string,
  ancestor: string,
  descendant: string,
): Promise<boolean> {
  const result = await git(ctx, repoPath, ["merge-base", "--is-ancestor", ancestor, descendant], {
    reject: false,
  });
  if (result.exitCode !== 0 && result.exitCode !== 1) throw execError("git", result);
  return result.exitCode === 0;
}
