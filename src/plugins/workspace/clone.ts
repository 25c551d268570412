import { mkdir, rm } from "node:fs/promises";
import { join } from "node:path";
import {
  AoError,
  definePlugin,
  messageOf,
  type PluginContext,
  type Workspace,
  type WorkspaceInfo,
  type WorkspaceSpec,
} from "../../core/plugin-api.js";
import { planBranchStart, type BranchBase } from "../_shared/git-base.js";
import { branchForRestore, localCollisions, pickFreeBranch } from "../_shared/git-branch.js";
import {
  checkOutHead,
  claimBranch,
  cloneLocal,
  cloneSource,
  keepBranchInSource,
  pointOriginAt,
  siblingCloneBranches,
} from "../_shared/git-clone.js";
import { withRepoLock } from "../_shared/git-lock.js";
import { currentBranch, remoteUrl, resolveCommit } from "../_shared/git-repo-info.js";
import { uncommittedPaths } from "../_shared/git-status.js";
import { prepareOrRollBack } from "./_shared/prepare-or-roll-back.js";
import {
  dirtyWorkspace,
  pathExists,
  reportBase,
  workspaceExists,
  workspacePath,
} from "./_shared/workspace-common.js";
import { setupFromSpec, type WorkspaceSetup } from "./_shared/workspace-setup.js";

/**
 * workspace/clone: a full, independent clone per session (objects hard-linked from the person's
 * repository, see git-clone.ts), with origin pointing at the project's real remote. For tools that
 * misbehave in worktrees, and for checkouts mounted alone into a container. Same rules as worktree:
 * a fresh branch that never reuses someone else's, rollback on a failed setup, and destroy refuses
 * to lose uncommitted work and keeps the branch — in the source repository, since the clone goes.
 */
export const plugin = definePlugin({
  slot: "workspace",
  name: "clone",
  description: "an independent git clone per session (hard-linked objects), on its own branch",
  options: () => import("./_shared/plugin-options.js").then((schemas) => schemas.cloneWorkspaceOptions),
  defaults: {},
  create: (_options, ctx) => createCloneWorkspace(ctx),
});

type CloneContext = Pick<PluginContext, "exec" | "env" | "stderr">;

export function createCloneWorkspace(ctx: CloneContext): Workspace {
  return {
    create: (spec) => createClone(ctx, spec),
    exists: (path) => pathExists(join(path, ".git")),
    restore: (spec) => restoreClone(ctx, spec),
    destroy: (path, options) => destroyClone(ctx, path, options.force),
  };
}

async function createClone(ctx: CloneContext, spec: WorkspaceSpec): Promise<WorkspaceInfo> {
  const path = workspacePath(spec);
  const repo = spec.project.path;
  const setup = setupFromSpec(spec);
  if (await pathExists(path)) throw workspaceExists(path);
  const { base, taken: knownTaken } = await planBranchStart(
    ctx,
    repo,
    spec.startFrom ?? spec.project.defaultBranch,
    spec.branch,
  );
  reportBase(ctx, spec, base);
  const branch = await makeClone(ctx, { spec, path, base, setup }, () =>
    // Under the lock, so that parallel creates (worktrees and clones alike) never pick the same name.
    withRepoLock(ctx, repo, async () => {
      const taken = new Set([
        ...knownTaken,
        ...(await localCollisions(ctx, repo, spec.branch)),
        ...(await siblingCloneBranches(spec.baseDir)),
      ]);
      const free = pickFreeBranch(spec.branch, taken);
      await claimBranch(ctx, path, free, base.commit);
      return free;
    }),
  );
  return { path, branch, base: base.label };
}

interface CloneTarget {
  spec: WorkspaceSpec;
  path: string;
  base: Pick<BranchBase, "commit" | "source">;
  setup: WorkspaceSetup;
}

/** Clone, point origin, let `claim` put the branch in place, check out, then the project's setup. */
async function makeClone(
  ctx: CloneContext,
  target: CloneTarget,
  claim: () => Promise<string>,
): Promise<string> {
  const { spec, path, base, setup } = target;
  const repo = spec.project.path;
  await mkdir(spec.baseDir, { recursive: true });
  await cloneLocal(ctx, repo, path);
  // The branch lives only in this clone, so removing the clone removes everything this call made.
  const removeClone = (): Promise<void> => rm(path, { recursive: true, force: true });
  let branch: string;
  try {
    const originUrl = await remoteUrl(ctx, repo);
    const known =
      base.source === "origin" ? { branch: spec.project.defaultBranch, commit: base.commit } : undefined;
    if (originUrl !== undefined) await pointOriginAt(ctx, path, originUrl, known);
    branch = await claim();
    await checkOutHead(ctx, path);
  } catch (error) {
    await removeClone();
    throw error;
  }
  await prepareOrRollBack(ctx, { repoPath: repo, workspacePath: path, setup }, removeClone);
  return branch;
}

async function restoreClone(ctx: CloneContext, spec: WorkspaceSpec): Promise<WorkspaceInfo> {
  const path = workspacePath(spec);
  if (await pathExists(join(path, ".git"))) {
    return { path, branch: (await currentBranch(ctx, path)) ?? spec.branch };
  }
  const repo = spec.project.path;
  const setup = setupFromSpec(spec);
  const { createFrom } = await branchForRestore(ctx, repo, spec.branch);
  const commit = createFrom ?? (await resolveCommit(ctx, repo, `refs/heads/${spec.branch}`));
  if (commit === undefined) throw new AoError("E_NOT_FOUND", `branch ${spec.branch} vanished from ${repo}`);
  await makeClone(ctx, { spec, path, base: { commit, source: "local" }, setup }, async () => {
    await claimBranch(ctx, path, spec.branch, commit);
    return spec.branch;
  });
  return { path, branch: spec.branch };
}

async function destroyClone(ctx: CloneContext, path: string, force: boolean): Promise<void> {
  if (!(await pathExists(path))) return;
  if (!(await pathExists(join(path, ".git")))) {
    throw new AoError("E_NOT_A_REPO", `${path} is not a git clone, so ao will not delete it`, {
      hint: "look inside and remove the directory by hand if it is not needed",
      details: { path },
    });
  }
  if (!force) {
    const dirty = await uncommittedPaths(ctx, path);
    if (dirty.length > 0) throw dirtyWorkspace(path, dirty);
  }
  const branch = await currentBranch(ctx, path);
  if (branch !== undefined) await keepBranch(ctx, path, branch);
  await rm(path, { recursive: true, force: true });
}

/** The clone is about to go: its branch (the session's commits) moves to the source repository. */
async function keepBranch(ctx: CloneContext, path: string, branch: string): Promise<void> {
  const source = await cloneSource(ctx, path);
  const failure = (why: string): AoError =>
    new AoError(
      "E_WORKSPACE_FAILED",
      `cannot keep branch ${branch} of ${path}: ${why}; the clone was not deleted`,
      {
        hint: `push it first (git -C ${path} push origin ${branch}) or rename it, then destroy again`,
        details: { path, branch, source },
      },
    );
  if (source === undefined) throw failure("the clone does not record its source repository (ao.sourceRepo)");
  await withRepoLock(ctx, source, () => keepBranchInSource(ctx, path, source, branch)).catch(
    (error: unknown) => {
      throw failure(messageOf(error));
    },
  );
}
