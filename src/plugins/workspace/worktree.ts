import { mkdir, rm } from "node:fs/promises";
import { join } from "node:path";
import { z } from "zod";
import { AoError } from "../../core/errors.js";
import { execError } from "../../core/exec.js";
import { git } from "../../core/git.js";
import { definePlugin, type PluginContext } from "../../core/registry/define-plugin.js";
import type { Workspace, WorkspaceInfo, WorkspaceSpec } from "../../core/slots/workspace.js";
import { planBranchStart, type BranchBase } from "../_shared/git-base.js";
import { branchForRestore, localCollisions, pickFreeBranch } from "../_shared/git-branch.js";
import { withRepoLock } from "../_shared/git-lock.js";
import { currentBranch, findGitCommonDir } from "../_shared/git-repo-info.js";
import { uncommittedPaths } from "../_shared/git-status.js";
import {
  addWorktree,
  forgetMissingWorktree,
  forgetVanishedWorktrees,
  hasVanishedWorktrees,
  removeWorktree,
  tryAddWorktree,
} from "../_shared/git-worktree.js";
import { prepareOrRollBack } from "./_shared/prepare-or-roll-back.js";
import {
  dirtyWorkspace,
  pathExists,
  reportBase,
  workspaceExists,
  workspacePath,
} from "./_shared/workspace-common.js";
import { setupFromSpec } from "./_shared/workspace-setup.js";

/**
 * workspace/worktree (the default): one `git worktree` per session, on a new branch, inside
 * AO_HOME/projects/<project>/worktrees/<session>. Cheap (objects are shared with the person's
 * checkout) and visible in their `git worktree list`, locked so `git worktree prune` leaves it alone.
 */
export const plugin = definePlugin({
  slot: "workspace",
  name: "worktree",
  description: "a git worktree per session, on its own branch, sharing the repository's objects",
  options: z.strictObject({}),
  create: (_options, ctx) => createWorktreeWorkspace(ctx),
});

type WorktreeContext = Pick<PluginContext, "exec" | "env" | "stderr">;

export function createWorktreeWorkspace(ctx: WorktreeContext): Workspace {
  return {
    create: (spec) => createWorktree(ctx, spec),
    exists: (path) => pathExists(join(path, ".git")),
    restore: (spec) => restoreWorktree(ctx, spec),
    destroy: (path, options) => destroyWorktree(ctx, path, options.force),
  };
}

/**
 * The common case runs three git processes: `ls-remote` and `for-each-ref` at once (see
 * planBranchStart), then `worktree add`. Each process costs a fork on Node's main thread, so
 * everything else is either read from disk or only asked for when something went wrong.
 */
async function createWorktree(ctx: WorktreeContext, spec: WorkspaceSpec): Promise<WorkspaceInfo> {
  const path = workspacePath(spec);
  const repo = spec.project.path;
  const setup = setupFromSpec(spec);
  if (await pathExists(path)) throw workspaceExists(path); // checked again under the lock
  const [start, commonDir] = await Promise.all([
    planBranchStart(ctx, repo, spec.project.defaultBranch, spec.branch),
    findGitCommonDir(ctx, repo),
  ]);
  reportBase(ctx, spec, start.base);
  await mkdir(spec.baseDir, { recursive: true });
  const branch = await withRepoLock(
    ctx,
    repo,
    () => addNewBranchWorktree(ctx, { spec, path, commonDir, base: start.base }, start.taken),
    { commonDir },
  );
  await prepareOrRollBack(ctx, { repoPath: repo, workspacePath: path, setup }, () =>
    rollBackWorktree(ctx, repo, path, branch),
  );
  return { path, branch, base: start.base.label };
}

interface NewWorktree {
  spec: WorkspaceSpec;
  path: string;
  commonDir: string;
  base: BranchBase;
}

/** Parallel creates that all saw `<wanted>` free before the lock: one retry each finds the next name. */
const MAX_NAME_ATTEMPTS = 5;

/**
 * Under the repository lock, so that parallel creates never pick the same free name. The names
 * known to be taken were listed before the lock; a name taken since then makes `worktree add` fail
 * with git's "already exists" (LC_ALL=C), and the list is read again.
 */
async function addNewBranchWorktree(
  ctx: WorktreeContext,
  target: NewWorktree,
  knownTaken: readonly string[],
): Promise<string> {
  const { spec, path, commonDir } = target;
  const repo = spec.project.path;
  if (await pathExists(path)) throw workspaceExists(path);
  if (await hasVanishedWorktrees(commonDir, spec.baseDir))
    await forgetVanishedWorktrees(ctx, repo, spec.baseDir);
  const taken = new Set(knownTaken);
  let forgotten = false;
  for (let attempt = 1; ; attempt++) {
    const branch = pickFreeBranch(spec.branch, taken);
    const result = await tryAddWorktree(ctx, repo, {
      path,
      branch,
      newBranchAt: target.base.commit,
      lockReason: `ao ${spec.sessionId}`,
    });
    if (!result.failed) return branch;
    const branchTaken = BRANCH_EXISTS.test(result.stderr);
    if (branchTaken && attempt < MAX_NAME_ATTEMPTS) {
      for (const name of [branch, ...(await localCollisions(ctx, repo, spec.branch))]) taken.add(name);
      continue;
    }
    // Any other failure comes after `-b` made the branch (git runs `git branch` first): ours to delete.
    if (!branchTaken) await deleteOwnBranch(ctx, repo, branch, target.base.commit);
    if (forgotten || !REGISTERED_PATH.test(result.stderr)) throw execError("git", result);
    forgotten = true;
    await forgetVanishedWorktrees(ctx, repo, spec.baseDir);
  }
}

const BRANCH_EXISTS = /^fatal: a branch named '.*' already exists$/m;
/** The path is still registered to a worktree deleted by hand that the admin-file scan missed. */
const REGISTERED_PATH = /is a missing but (locked|already registered) worktree/;

/**
 * Deletes the branch only while it still points at the commit `-b` gave it (update-ref's old-value
 * check is atomic): a failure git reported before making the branch can never cost someone's work.
 */
async function deleteOwnBranch(
  ctx: WorktreeContext,
  repo: string,
  branch: string,
  commit: string,
): Promise<void> {
  await git(ctx, repo, ["update-ref", "-d", `refs/heads/${branch}`, commit], { reject: false });
}

async function restoreWorktree(ctx: WorktreeContext, spec: WorkspaceSpec): Promise<WorkspaceInfo> {
  const path = workspacePath(spec);
  if (await pathExists(join(path, ".git"))) {
    return { path, branch: (await currentBranch(ctx, path)) ?? spec.branch };
  }
  const repo = spec.project.path;
  const setup = setupFromSpec(spec);
  const source = await branchForRestore(ctx, repo, spec.branch);
  await mkdir(spec.baseDir, { recursive: true });
  await withRepoLock(ctx, repo, async () => {
    await forgetMissingWorktree(ctx, repo, path);
    await addWorktree(ctx, repo, {
      path,
      branch: spec.branch,
      newBranchAt: source.createFrom,
      lockReason: `ao ${spec.sessionId}`,
    });
  });
  // The branch holds the session's commits: a failed restore removes only the checkout, unless the
  // local branch was made in this call from origin's copy.
  const createdBranch = source.createFrom === undefined ? undefined : spec.branch;
  await prepareOrRollBack(ctx, { repoPath: repo, workspacePath: path, setup }, () =>
    rollBackWorktree(ctx, repo, path, createdBranch),
  );
  return { path, branch: spec.branch };
}

async function destroyWorktree(ctx: WorktreeContext, path: string, force: boolean): Promise<void> {
  if (!(await pathExists(path))) return;
  if (!(await pathExists(join(path, ".git")))) {
    throw new AoError("E_NOT_A_REPO", `${path} is not a git worktree, so ao will not delete it`, {
      hint: "look inside and remove the directory by hand if it is not needed",
      details: { path },
    });
  }
  if (!force) {
    const dirty = await uncommittedPaths(ctx, path);
    if (dirty.length > 0) throw dirtyWorkspace(path, dirty);
  }
  const commonDir = await findGitCommonDir(ctx, path);
  // Never `git branch -D`: the branch carries the session's commits (and maybe an open PR).
  await withRepoLock(ctx, commonDir, () => removeWorktree(ctx, commonDir, path, force));
}

/**
 * Undoes a create: the worktree, its admin entry, and the branch — but only a branch made by this
 * very call (`branch` undefined keeps it). Falls back to deleting the directory when git cannot
 * remove the worktree (e.g. it was never fully registered).
 */
async function rollBackWorktree(
  ctx: WorktreeContext,
  repo: string,
  path: string,
  branch: string | undefined,
): Promise<void> {
  await withRepoLock(ctx, repo, async () => {
    await removeWorktree(ctx, repo, path, true).catch(async () => {
      await rm(path, { recursive: true, force: true });
      await forgetMissingWorktree(ctx, repo, path);
    });
    if (branch !== undefined) await git(ctx, repo, ["branch", "--quiet", "-D", branch]);
  });
}
