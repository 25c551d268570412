import { resolve } from "node:path";
import type { AoContext } from "../../core/context.js";
import { AoError } from "../../core/errors.js";
import { git } from "../../core/git.js";

/** Small read-only questions about a repository, shared by the workspace plugins. */
type Git = Pick<AoContext, "exec">;

/** The directory shared by a repository and all its worktrees (`.git` of the main checkout). */
export async function gitCommonDir(ctx: Git, repoPath: string): Promise<string> {
  const result = await git(ctx, repoPath, ["rev-parse", "--git-common-dir"], { reject: false });
  if (result.failed) {
    throw new AoError("E_NOT_A_REPO", `${repoPath} is not a git repository`, {
      hint: "check the project's path in agent-orchestrator.yaml",
      details: { path: repoPath },
    });
  }
  // Older gits print it relative to the working directory.
  return resolve(repoPath, result.stdout.trim());
}

/** The URL of a remote, or undefined when the repository has no such remote. */
export async function remoteUrl(ctx: Git, repoPath: string, remote = "origin"): Promise<string | undefined> {
  const result = await git(ctx, repoPath, ["config", "--get", `remote.${remote}.url`], { reject: false });
  const url = result.stdout.trim();
  return result.failed || url === "" ? undefined : url;
}

/** The commit a revision points to, or undefined when it does not resolve. */
export async function resolveCommit(
  ctx: Git,
  repoPath: string,
  revision: string,
): Promise<string | undefined> {
  const result = await git(ctx, repoPath, ["rev-parse", "--verify", "--quiet", `${revision}^{commit}`], {
    reject: false,
  });
  return result.failed ? undefined : result.stdout.trim();
}

export async function localBranchExists(ctx: Git, repoPath: string, branch: string): Promise<boolean> {
  const result = await git(ctx, repoPath, ["show-ref", "--verify", "--quiet", `refs/heads/${branch}`], {
    reject: false,
  });
  return !result.failed;
}

/** The branch checked out in a working tree, or undefined on a detached HEAD. */
export async function currentBranch(ctx: Git, worktreePath: string): Promise<string | undefined> {
  const result = await git(ctx, worktreePath, ["symbolic-ref", "--quiet", "--short", "HEAD"], {
    reject: false,
  });
  return result.failed ? undefined : result.stdout.trim();
}
