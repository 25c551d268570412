import { existsSync } from "node:fs";
import { readdir, readFile, realpath } from "node:fs/promises";
import { basename, dirname, isAbsolute, join, relative, resolve } from "node:path";
import { git, type PluginContext, type ExecResult } from "../../core/plugin-api.js";

/**
 * `git worktree` steps. None of them takes the repository lock itself: callers hold `withRepoLock`
 * around them, so that one lock covers a whole step (pick a branch name + add, unlock + remove + prune).
 */
type Git = Pick<PluginContext, "exec">;

export interface WorktreeEntry {
  path: string;
  head: string | undefined;
  /** Short branch name; undefined for a detached HEAD or a bare entry. */
  branch: string | undefined;
  locked: boolean;
  prunable: boolean;
}

export interface AddWorktreeSpec {
  path: string;
  branch: string;
  /** Create `branch` at this commit (`-b`); omit to check out an existing branch. */
  newBranchAt?: string | undefined;
  /** Shown by `git worktree list`; a locked worktree is never pruned by git behind ao's back. */
  lockReason: string;
}

export async function addWorktree(ctx: Git, repoPath: string, spec: AddWorktreeSpec): Promise<void> {
  await git(ctx, repoPath, worktreeAddArgs(spec));
}

/** Like `addWorktree`, but a failure is returned (git's stderr says why) instead of thrown. */
export function tryAddWorktree(ctx: Git, repoPath: string, spec: AddWorktreeSpec): Promise<ExecResult> {
  return git(ctx, repoPath, worktreeAddArgs(spec), { reject: false });
}

function worktreeAddArgs(spec: AddWorktreeSpec): string[] {
  const lock = ["--lock", "--reason", spec.lockReason];
  return spec.newBranchAt === undefined
    ? ["worktree", "add", "--quiet", ...lock, spec.path, spec.branch]
    : ["worktree", "add", "--quiet", "--no-track", "-b", spec.branch, ...lock, spec.path, spec.newBranchAt];
}

export async function listWorktrees(ctx: Git, repoPath: string): Promise<WorktreeEntry[]> {
  const result = await git(ctx, repoPath, ["worktree", "list", "--porcelain"]);
  return result.stdout
    .split("\n\n")
    .filter((block) => block.trim() !== "")
    .map(parseEntry);
}

function parseEntry(block: string): WorktreeEntry {
  const entry: WorktreeEntry = {
    path: "",
    head: undefined,
    branch: undefined,
    locked: false,
    prunable: false,
  };
  for (const line of block.split("\n")) {
    const space = line.indexOf(" ");
    const key = space === -1 ? line : line.slice(0, space);
    const value = space === -1 ? "" : line.slice(space + 1);
    if (key === "worktree") entry.path = value;
    else if (key === "HEAD") entry.head = value;
    else if (key === "branch") entry.branch = value.replace(/^refs\/heads\//, "");
    else if (key === "locked") entry.locked = true;
    else if (key === "prunable") entry.prunable = true;
  }
  return entry;
}

/** Unlocks (if locked), removes the working tree and its admin entry, then prunes stale entries. */
export async function removeWorktree(
  ctx: Git,
  repoPath: string,
  path: string,
  force: boolean,
): Promise<void> {
  await git(ctx, repoPath, ["worktree", "unlock", path], { reject: false });
  // Two --force: git refuses a dirty tree with one and a locked one without two; we unlocked already,
  // but a lock taken by someone else in between must not stop an explicit --force.
  const forceArgs = force ? ["--force", "--force"] : [];
  await git(ctx, repoPath, ["worktree", "remove", ...forceArgs, path]);
  await pruneWorktrees(ctx, repoPath);
}

export async function pruneWorktrees(ctx: Git, repoPath: string): Promise<void> {
  await git(ctx, repoPath, ["worktree", "prune"]);
}

/** Forgets a worktree whose directory is gone (unlock first: git never prunes a locked entry). */
export async function forgetMissingWorktree(ctx: Git, repoPath: string, path: string): Promise<void> {
  await git(ctx, repoPath, ["worktree", "unlock", path], { reject: false });
  await pruneWorktrees(ctx, repoPath);
}

/**
 * Forgets worktrees under `dir` whose directory was deleted by hand. ao locks its worktrees, so git
 * would keep their entries forever and the branch would stay "checked out" in a directory that is
 * gone (`git checkout <branch>` refuses). The branch itself is untouched; restore can re-add it.
 * Says whether it forgot any.
 */
export async function forgetVanishedWorktrees(ctx: Git, repoPath: string, dir: string): Promise<boolean> {
  const roots = [resolve(dir), await realpath(dir).catch(() => resolve(dir))];
  const vanished = (await listWorktrees(ctx, repoPath)).filter(
    (entry) => roots.some((root) => isInside(entry.path, root)) && !existsSync(entry.path),
  );
  if (vanished.length === 0) return false;
  for (const entry of vanished)
    await git(ctx, repoPath, ["worktree", "unlock", entry.path], { reject: false });
  await pruneWorktrees(ctx, repoPath);
  return true;
}

/** The worktree registered at `path` (git lists real paths), or undefined. */
export async function worktreeAt(
  ctx: Git,
  repoPath: string,
  path: string,
): Promise<WorktreeEntry | undefined> {
  const parent = await realpath(dirname(path)).catch(() => dirname(path));
  const candidates = [resolve(path), join(parent, basename(path))];
  return (await listWorktrees(ctx, repoPath)).find((entry) => candidates.includes(resolve(entry.path)));
}

/**
 * Whether `forgetVanishedWorktrees` has anything to do, read from git's admin files instead of a
 * `git worktree list` process: each `<commonDir>/worktrees/<id>/gitdir` names its worktree's `.git`.
 */
export async function hasVanishedWorktrees(commonDir: string, dir: string): Promise<boolean> {
  const admin = join(commonDir, "worktrees");
  const ids = await readdir(admin).catch(() => []);
  const roots = [resolve(dir), await realpath(dir).catch(() => resolve(dir))];
  for (const id of ids) {
    const gitFile = await readFile(join(admin, id, "gitdir"), "utf8").catch(() => undefined);
    if (gitFile === undefined) continue;
    // Relative since git 2.48 with worktree.useRelativePaths: relative to the admin entry.
    const path = dirname(resolve(admin, id, gitFile.trim()));
    if (roots.some((root) => isInside(path, root)) && !existsSync(path)) return true;
  }
  return false;
}

function isInside(path: string, root: string): boolean {
  const rel = relative(root, resolve(path));
  return rel !== "" && !rel.startsWith("..") && !isAbsolute(rel);
}
