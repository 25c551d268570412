import { readFile, stat } from "node:fs/promises";
import { join, resolve } from "node:path";
import { AoError, git, type PluginContext } from "../../core/plugin-api.js";

/** Small read-only questions about a repository, shared by the workspace plugins. */
type Git = Pick<PluginContext, "exec">;

/** The directory shared by a repository and all its worktrees (`.git` of the main checkout). */
export async function gitCommonDir(ctx: Git, repoPath: string): Promise<string> {
  const result = await git(ctx, repoPath, ["rev-parse", "--git-common-dir"], { reject: false });
  if (result.failed) {
    if (!(await isDirectory(repoPath))) throw missingProjectPath(repoPath);
    throw new AoError("E_NOT_A_REPO", `${repoPath} is not a git repository`, {
      hint: "check the project's `path` in agent-orchestrator.yaml",
      details: { path: repoPath },
    });
  }
  // Older gits print it relative to the working directory.
  return resolve(repoPath, result.stdout.trim());
}

async function isDirectory(path: string): Promise<boolean> {
  return stat(path).then(
    (stats) => stats.isDirectory(),
    () => false,
  );
}

/** git cannot start in a missing directory; Node reports that as ENOENT, as if git were missing. */
function missingProjectPath(repoPath: string): AoError {
  return new AoError("E_NOT_FOUND", `the project's directory ${repoPath} does not exist`, {
    hint: "check the project's `path` in agent-orchestrator.yaml",
    details: { path: repoPath },
  });
}

/**
 * `gitCommonDir` without a process, for spawn's hot path: git's own layout read from disk. `.git` is
 * a directory (the main checkout, or a linked worktree's admin dir when it has a `commondir` file) or
 * a `gitdir: …` file (a linked worktree or a separated git dir; its target may hold `commondir` too).
 * Anything else (a subdirectory, GIT_DIR tricks, an unreadable file) asks git after all.
 */
export async function findGitCommonDir(ctx: Git, repoPath: string): Promise<string> {
  const fromDisk = await readCommonDir(resolve(repoPath)).catch(() => undefined);
  return fromDisk ?? gitCommonDir(ctx, repoPath);
}

async function readCommonDir(repoPath: string): Promise<string | undefined> {
  const dotGit = join(repoPath, ".git");
  const gitDir = (await stat(dotGit)).isDirectory() ? dotGit : await followGitFile(dotGit);
  if (gitDir === undefined || !(await stat(join(gitDir, "HEAD"))).isFile()) return undefined;
  const commonDir = await readFile(join(gitDir, "commondir"), "utf8").then(
    (text) => text.trim(),
    (error: NodeJS.ErrnoException) => (error.code === "ENOENT" ? "." : Promise.reject(error)),
  );
  return commonDir === "" ? undefined : resolve(gitDir, commonDir);
}

/** The directory a `gitdir: <path>` file points to (relative paths are relative to the file). */
async function followGitFile(path: string): Promise<string | undefined> {
  const match = /^gitdir: (.+)$/m.exec(await readFile(path, "utf8"));
  return match?.[1] === undefined ? undefined : resolve(path, "..", match[1].trim());
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
