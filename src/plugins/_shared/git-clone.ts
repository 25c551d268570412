import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { git, type PluginContext } from "../../core/plugin-api.js";

/**
 * Steps of a self-contained clone of the person's repository (workspace/clone).
 *
 * The clone is made from the local path, which git does with `--local`: the object files are
 * hard-linked, not copied and not fetched. That is as fast as `--reference`, works offline, and —
 * unlike `--reference` without `--dissociate` — leaves no `objects/info/alternates` pointing back at
 * the person's repository, so a `git gc` there cannot corrupt the clone and the clone still works when
 * mounted alone (in a container). `--dissociate` would give the same independence by copying every
 * object, which is the slow part hard links avoid. (Across file systems git copies the files instead.)
 */
type Git = Pick<PluginContext, "exec">;

/** The clone remembers its source repository, so destroy can keep the branch there. */
export const SOURCE_REPO_CONFIG = "ao.sourceRepo";

export async function cloneLocal(ctx: Git, repoPath: string, clonePath: string): Promise<void> {
  await git(ctx, repoPath, ["clone", "--quiet", "--no-checkout", "--", repoPath, clonePath]);
  await git(ctx, clonePath, ["config", SOURCE_REPO_CONFIG, repoPath]);
}

/**
 * Points the clone's origin at the project's real remote and forgets the refs a local clone copies
 * (the person's local branches, which would otherwise show up as `origin/*`).
 */
export async function pointOriginAt(
  ctx: Git,
  clonePath: string,
  originUrl: string,
  known?: { branch: string; commit: string },
): Promise<void> {
  await git(ctx, clonePath, ["remote", "set-url", "origin", originUrl]);
  const refs = await git(ctx, clonePath, [
    "for-each-ref",
    "--format=delete %(refname)",
    "refs/remotes",
    "refs/heads",
  ]);
  // `known`: what origin's default branch was just fetched as, so `git diff origin/main` works.
  const keep = known === undefined ? undefined : `refs/remotes/origin/${known.branch}`;
  const commands = refs.stdout.split("\n").filter((line) => line.trim() !== "" && line !== `delete ${keep}`);
  if (keep !== undefined) commands.push(`update ${keep} ${known?.commit}`);
  if (commands.length === 0) return;
  await git(ctx, clonePath, ["update-ref", "--no-deref", "--stdin"], { input: `${commands.join("\n")}\n` });
}

/**
 * Makes `branch` at `commit` the clone's HEAD without checking anything out yet: fast enough to run
 * under the repository lock, and from then on sibling clones see the name as taken.
 */
export async function claimBranch(
  ctx: Git,
  clonePath: string,
  branch: string,
  commit: string,
): Promise<void> {
  await git(ctx, clonePath, ["branch", "--quiet", "--no-track", branch, commit]);
  await git(ctx, clonePath, ["symbolic-ref", "HEAD", `refs/heads/${branch}`]);
}

/** Fills the index and working tree from HEAD (a `--no-checkout` clone has neither). */
export async function checkOutHead(ctx: Git, clonePath: string): Promise<void> {
  await git(ctx, clonePath, ["reset", "--quiet", "--hard"]);
}

/** Branches checked out in the other clones under `baseDir` (their names are taken). */
export async function siblingCloneBranches(baseDir: string): Promise<string[]> {
  const entries = await readdir(baseDir, { withFileTypes: true }).catch(() => []);
  const branches: string[] = [];
  for (const entry of entries) {
    if (!entry.isDirectory()) continue;
    // Worktrees have a `.git` file and their branches live in the source repository: reading fails, skip.
    const head = await readFile(join(baseDir, entry.name, ".git", "HEAD"), "utf8").catch(() => "");
    const match = /^ref: refs\/heads\/(.+)$/m.exec(head);
    if (match?.[1] !== undefined) branches.push(match[1].trim());
  }
  return branches;
}

/** The source repository a clone was made from, or undefined for a clone ao did not make. */
export async function cloneSource(ctx: Git, clonePath: string): Promise<string | undefined> {
  const result = await git(ctx, clonePath, ["config", "--get", SOURCE_REPO_CONFIG], { reject: false });
  const value = result.stdout.trim();
  return result.failed || value === "" ? undefined : value;
}

/**
 * Copies the clone's branch into the source repository (never forced: a different branch of the same
 * name there makes this fail rather than be overwritten), so deleting the clone loses no commits.
 */
export async function keepBranchInSource(
  ctx: Git,
  clonePath: string,
  repoPath: string,
  branch: string,
): Promise<void> {
  const refspec = `refs/heads/${branch}:refs/heads/${branch}`;
  await git(ctx, repoPath, ["fetch", "--quiet", "--no-tags", "--", clonePath, refspec]);
}
