import { existsSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import type { PluginContext } from "../../../core/plugin-api.js";
import { currentBranch, resolveCommit } from "../../_shared/git-repo-info.js";
import { listWorktrees } from "../../_shared/git-worktree.js";
import { readJsonFile, writeJsonAtomic } from "../../_shared/local-files.js";
import { branchKey } from "./state-paths.js";

type Git = Pick<PluginContext, "exec">;

/** Where a branch was last pushed from: a clone workspace is not among the repository's worktrees. */
interface CheckoutRecord {
  branch: string;
  path: string;
}

export async function rememberCheckout(checkouts: string, branch: string, path: string): Promise<void> {
  const record: CheckoutRecord = { branch, path };
  await mkdir(checkouts, { recursive: true });
  await writeJsonAtomic(join(checkouts, `${branchKey(branch)}.json`), record);
}

/**
 * A checkout of `branch` whose HEAD is `sha`, for CI to run in: the session's worktree (it has the
 * dependencies its postCreate installed), found among the repository's worktrees, or else the
 * checkout the branch was last pushed from. Undefined when neither is at that commit any more.
 */
export async function findCheckout(
  ctx: Git,
  repoPath: string,
  checkouts: string,
  branch: string,
  sha: string,
): Promise<string | undefined> {
  const worktrees = await listWorktrees(ctx, repoPath);
  const worktree = worktrees.find(
    (entry) => entry.branch === branch && entry.head === sha && existsSync(entry.path),
  );
  if (worktree !== undefined) return worktree.path;
  const record = await readJsonFile<CheckoutRecord>(join(checkouts, `${branchKey(branch)}.json`));
  if (record === undefined || !existsSync(record.path)) return undefined;
  const [head, onBranch] = await Promise.all([
    resolveCommit(ctx, record.path, "HEAD"),
    currentBranch(ctx, record.path),
  ]);
  return head === sha && onBranch === branch ? record.path : undefined;
}
