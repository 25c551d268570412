import { mkdir, rm } from "node:fs/promises";
import { join } from "node:path";
import {
  AoError,
  definePlugin,
  execError,
  type PluginContext,
  type Workspace,
  type WorkspaceInfo,
  type WorkspaceSpec,
} from "../../core/plugin-api.js";
import { planBranchStart, type BranchBase } from "../_shared/git-base.js";
import {
  branchForRestore,
  deleteBranchAt,
  localCollisions,
  pickFreeBranch,
  tryCreateBranch,
} from "../_shared/git-branch.js";
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
  worktreeAt,
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
  options: () => import("./_shared/plugin-options.js").then((schemas) => schemas.worktreeWorkspaceOptions),
  defaults: {},
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
 * The common case runs four git processes: `ls-remote` and `for-each-ref` at once (see
 * planBranchStart), then `update-ref` and `worktree add`. Each process costs a fork on Node's main
 * thread, so everything else is either read from disk or only asked for when something went wrong.
 */
async function createWorktree(ctx: WorktreeContext, spec: WorkspaceSpec): Promise<WorkspaceInfo> {
  const path = workspacePath(spec);
  const repo = spec.project.path;
  const setup = setupFromSpec(spec);
  if (await pathExists(path)) throw workspaceExists(path); // checked again under the lock
  const [start, commonDir] = await Promise.all([
    planBranchStart(ctx, repo, spec.startFrom ?? spec.project.defaultBranch, spec.branch),
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
    rollBackWorktree(ctx, repo, path, { branch, commit: start.base.commit }),
  );
  return { path, branch, base: start.base.label };
}

interface NewWorktree {
  spec: WorkspaceSpec;
  path: string;
  commonDir: string;
  base: BranchBase;
}

/**
 * Under the repository lock, so that parallel ao creates never pick the same free name. The branch
 * is made first, on its own (`update-ref` refuses a name that exists), so this call knows for certain
 * which branch is its own: only that one is ever deleted again when `worktree add` fails.
 */
async function addNewBranchWorktree(
  ctx: WorktreeContext,
  target: NewWorktree,
  knownTaken: readonly string[],
): Promise<string> {
  const { spec, path, commonDir } = target;
  if (await pathExists(path)) throw workspaceExists(path);
  if (await hasVanishedWorktrees(commonDir, spec.baseDir))
    await forgetVanishedWorktrees(ctx, spec.project.path, spec.baseDir);
  const branch = await createFreeBranch(ctx, target, knownTaken);
  try {
    await addWorktreeOnBranch(ctx, target, branch);
  } catch (error) {
    await undoFailedAdd(ctx, target, branch);
    throw error;
  }
  return branch;
}

/** Parallel creates that all saw `<wanted>` free before the lock: one retry each finds the next name. */
const MAX_NAME_ATTEMPTS = 5;

/**
 * `<wanted>` or the next free `<wanted>-<n>`. The names known to be taken were listed before the
 * lock; when `update-ref` fails, the list is read again: a name taken since then is skipped, any
 * other failure is reported. Nothing here depends on the words of git's messages.
 */
async function createFreeBranch(
  ctx: WorktreeContext,
  target: NewWorktree,
  knownTaken: readonly string[],
): Promise<string> {
  const { spec, base } = target;
  const repo = spec.project.path;
  const at = { commit: base.commit, reflogMessage: `ao ${spec.sessionId}: branch from ${base.label}` };
  const taken = new Set(knownTaken);
  for (let attempt = 1; ; attempt++) {
    const branch = pickFreeBranch(spec.branch, taken);
    const result = await tryCreateBranch(ctx, repo, branch, at);
    if (!result.failed) return branch;
    const collisions = await localCollisions(ctx, repo, spec.branch);
    if (!collisions.includes(branch) || attempt === MAX_NAME_ATTEMPTS) throw execError("git", result);
    for (const name of collisions) taken.add(name);
  }
}

/**
 * Checks the new branch out at `path`. When that fails with the directory absent, the path may
 * still be registered to a worktree deleted by hand that the admin-file scan missed: `git worktree
 * list` says for certain, and one more attempt follows if anything was forgotten.
 */
async function addWorktreeOnBranch(ctx: WorktreeContext, target: NewWorktree, branch: string): Promise<void> {
  const { spec, path } = target;
  const repo = spec.project.path;
  const add = () => tryAddWorktree(ctx, repo, { path, branch, lockReason: `ao ${spec.sessionId}` });
  let result = await add();
  if (result.failed && !(await pathExists(path)) && (await forgetVanishedWorktrees(ctx, repo, spec.baseDir)))
    result = await add();
  if (result.failed) throw execError("git", result);
}

/**
 * `worktree add` can fail after the checkout (a post-checkout hook of the repository exiting
 * non-zero), leaving the worktree registered and locked on our branch. It goes first, so that the
 * branch is never deleted from under a worktree; then the branch this call made, if it did not move.
 */
async function undoFailedAdd(ctx: WorktreeContext, target: NewWorktree, branch: string): Promise<void> {
  const repo = target.spec.project.path;
  const entry = await worktreeAt(ctx, repo, target.path);
  if (entry?.branch === branch) {
    const removed = await removeCheckout(ctx, repo, target.path).then(
      () => true,
      () => false,
    );
    if (!removed) return; // the branch stays with the worktree git could not remove
  }
  await deleteBranchAt(ctx, repo, branch, target.base.commit);
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
  const created =
    source.createFrom === undefined ? undefined : { branch: spec.branch, commit: source.createFrom };
  await prepareOrRollBack(ctx, { repoPath: repo, workspacePath: path, setup }, () =>
    rollBackWorktree(ctx, repo, path, created),
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
 * very call (`created` undefined keeps it), and only while it still points where it was made: a
 * setup step (or anyone) that committed on it since made work that stays (deleteBranchAt).
 */
async function rollBackWorktree(
  ctx: WorktreeContext,
  repo: string,
  path: string,
  created: { branch: string; commit: string } | undefined,
): Promise<void> {
  await withRepoLock(ctx, repo, async () => {
    await removeCheckout(ctx, repo, path);
    if (created !== undefined) await deleteBranchAt(ctx, repo, created.branch, created.commit);
  });
}

/** Falls back to deleting the directory when git cannot remove the worktree (never fully registered). */
async function removeCheckout(ctx: WorktreeContext, repo: string, path: string): Promise<void> {
  await removeWorktree(ctx, repo, path, true).catch(async () => {
    await rm(path, { recursive: true, force: true });
    await forgetMissingWorktree(ctx, repo, path);
  });
}
