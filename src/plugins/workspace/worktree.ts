import { mkdir, rm } from "node:fs/promises";
import { join } from "node:path";
import { z } from "zod";
import { AoError } from "../../core/errors.js";
import { git } from "../../core/git.js";
import { definePlugin, type PluginContext } from "../../core/registry/define-plugin.js";
import type { Workspace, WorkspaceInfo, WorkspaceSpec } from "../../core/slots/workspace.js";
import { resolveBranchBase, type BranchBase } from "../_shared/git-base.js";
import {
  branchForRestore,
  localCollisions,
  pickFreeBranch,
  remoteCollisions,
} from "../_shared/git-branch.js";
import { withRepoLock } from "../_shared/git-lock.js";
import { currentBranch, gitCommonDir } from "../_shared/git-repo-info.js";
import { uncommittedPaths } from "../_shared/git-status.js";
import {
  addWorktree,
  forgetMissingWorktree,
  forgetVanishedWorktrees,
  removeWorktree,
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

async function createWorktree(ctx: WorktreeContext, spec: WorkspaceSpec): Promise<WorkspaceInfo> {
  const path = workspacePath(spec);
  const repo = spec.project.path;
  const setup = setupFromSpec(spec);
  if (await pathExists(path)) throw workspaceExists(path); // checked again under the lock
  // Three independent questions, asked at once: each is a git process, and spawn waits for them.
  const [base, remoteTaken, commonDir] = await Promise.all([
    resolveBranchBase(ctx, repo, spec.project.defaultBranch),
    remoteCollisions(ctx, repo, spec.branch),
    gitCommonDir(ctx, repo),
  ]);
  reportBase(ctx, spec, base);
  await mkdir(spec.baseDir, { recursive: true });
  const branch = await withRepoLock(
    ctx,
    repo,
    () => addNewBranchWorktree(ctx, spec, path, base, remoteTaken),
    { commonDir },
  );
  await prepareOrRollBack(ctx, { repoPath: repo, workspacePath: path, setup }, () =>
    rollBackWorktree(ctx, repo, path, branch),
  );
  return { path, branch, base: base.label };
}

/** Under the repository lock, so that parallel creates never pick the same free name. */
async function addNewBranchWorktree(
  ctx: WorktreeContext,
  spec: WorkspaceSpec,
  path: string,
  base: BranchBase,
  remoteTaken: readonly string[],
): Promise<string> {
  if (await pathExists(path)) throw workspaceExists(path);
  const [, localTaken] = await Promise.all([
    forgetVanishedWorktrees(ctx, spec.project.path, spec.baseDir),
    localCollisions(ctx, spec.project.path, spec.branch),
  ]);
  const branch = pickFreeBranch(spec.branch, new Set([...remoteTaken, ...localTaken]));
  try {
    await addWorktree(ctx, spec.project.path, {
      path,
      branch,
      newBranchAt: base.commit,
      lockReason: `ao ${spec.sessionId}`,
    });
  } catch (error) {
    // git cleans up its half-made worktree but not the branch `-b` made first; the name was free a
    // moment ago under this same lock, so the branch is ours to delete.
    await git(ctx, spec.project.path, ["branch", "--quiet", "-D", branch], { reject: false });
    throw error;
  }
  return branch;
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
  const commonDir = await gitCommonDir(ctx, path);
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
