import { realpath } from "node:fs/promises";
import { AoError, git, type PluginContext } from "../../../core/plugin-api.js";
import { keepBranchInSource } from "../../_shared/git-clone.js";
import { gitCommonDir, localBranchExists, remoteUrl, resolveCommit } from "../../_shared/git-repo-info.js";

type Git = Pick<PluginContext, "exec">;

const PUSH_TIMEOUT_MS = 120_000;

/**
 * `push` in local mode: make the workspace's branch the project repository's branch, which is what
 * the local pull request is. A git worktree shares its refs with the repository, so its commits are
 * already there and there is nothing to copy; a separate clone (workspace/clone) has its branch
 * fetched into the repository, never forced, so rewritten history is refused rather than lost.
 */
export async function publishBranch(
  ctx: Git,
  repoPath: string,
  worktree: string,
  branch: string,
): Promise<void> {
  if (await sharesRefs(ctx, repoPath, worktree)) {
    if (await localBranchExists(ctx, repoPath, branch)) return;
    throw new AoError("E_NOT_FOUND", `branch ${branch} does not exist in ${repoPath}`, {
      hint: `commit on ${branch} in ${worktree} first`,
      details: { branch, worktree },
    });
  }
  const before = await resolveCommit(ctx, repoPath, `refs/heads/${branch}`);
  try {
    await keepBranchInSource(ctx, worktree, repoPath, branch);
  } catch (error) {
    if (before === undefined) throw error;
    throw new AoError(
      "E_EXEC_FAILED",
      `${branch} in ${worktree} does not fast-forward ${branch} in ${repoPath} (was its history rewritten?)`,
      {
        hint: `ao never forces a push; merge ${repoPath}'s ${branch} into the checkout, or start a new branch`,
        cause: error,
        details: { branch, worktree, repoPath },
      },
    );
  }
}

/**
 * With `pushToOrigin`, the branch then goes to the project's `origin` as well (never forced), for a
 * backup or for people who review elsewhere. Asking for it without an origin is a configuration error.
 */
export async function pushToOrigin(ctx: Git, repoPath: string, branch: string): Promise<void> {
  if ((await remoteUrl(ctx, repoPath)) === undefined) {
    throw new AoError(
      "E_CONFIG_INVALID",
      `scm/local is set to push to origin, and ${repoPath} has no origin remote`,
      {
        hint: "add the remote (git remote add origin <url>) or remove pushToOrigin from the scm options",
      },
    );
  }
  const refspec = `refs/heads/${branch}:refs/heads/${branch}`;
  await git(ctx, repoPath, ["push", "--quiet", "origin", refspec], { timeoutMs: PUSH_TIMEOUT_MS });
}

async function sharesRefs(ctx: Git, repoPath: string, worktree: string): Promise<boolean> {
  const [ours, theirs] = await Promise.all([gitCommonDir(ctx, repoPath), gitCommonDir(ctx, worktree)]);
  const [a, b] = await Promise.all([realpath(ours), realpath(theirs)]);
  return a === b;
}
