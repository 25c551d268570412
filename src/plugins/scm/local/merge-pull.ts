import { AoError, git, type PluginContext, type MergeMethod } from "../../../core/plugin-api.js";
import { currentBranch, resolveCommit } from "../../_shared/git-repo-info.js";
import { checkMerge, isAncestor } from "./merge-check.js";
import type { PullRecord } from "./pull-store.js";

type Git = Pick<PluginContext, "exec">;

export interface MergeRequest {
  /** The main checkout: the person's repository, on the pull request's base branch. */
  repoPath: string;
  pr: PullRecord;
  /** The head that was observed; the merge is refused if the branch moved since. */
  sha: string;
  method: MergeMethod;
  /** Fast-forward the base when it has not moved since the branch left it. */
  fastForward: boolean;
}

export interface MergeOutcome {
  /** The base's new tip. */
  commit: string;
  how: "fast-forward" | "merge" | "squash" | "already merged";
}

/**
 * Merges a local pull request into its base branch in the main checkout. Everything is computed in
 * the object database first (the merged tree, the new commit); the only step that touches the
 * person's checkout is a final `git merge --ff-only` to that commit, which git refuses to do over
 * local changes or onto a base that moved meanwhile, so a concurrent commit is never lost.
 */
export async function mergePull(ctx: Git, request: MergeRequest): Promise<MergeOutcome> {
  const { repoPath, pr } = request;
  const head = await resolveCommit(ctx, repoPath, `refs/heads/${pr.branch}`);
  if (head === undefined) throw rejected(pr, `its branch ${pr.branch} no longer exists`, "nothing to merge");
  if (head !== request.sha) {
    throw rejected(
      pr,
      `its head moved to ${head} (the merge was asked for ${request.sha})`,
      "observe it again and merge the new head once its CI and review pass",
    );
  }
  await checkMainCheckout(ctx, repoPath, pr);
  const base = await resolveCommit(ctx, repoPath, `refs/heads/${pr.base}`);
  if (base === undefined)
    throw rejected(
      pr,
      `its base branch ${pr.base} does not exist`,
      "check defaultBranch in agent-orchestrator.yaml",
    );
  if (await isAncestor(ctx, repoPath, head, base)) return { commit: base, how: "already merged" };
  const outcome =
    request.fastForward && (await isAncestor(ctx, repoPath, base, head))
      ? { commit: head, how: "fast-forward" as const }
      : await mergeCommit(ctx, request, base, head);
  const advanced = await git(ctx, repoPath, ["merge", "--ff-only", "--quiet", outcome.commit], {
    reject: false,
  });
  if (advanced.failed) {
    const why = advanced.stderr.trim().split("\n").slice(-3).join("; ");
    throw rejected(
      pr,
      `git could not move ${pr.base} in ${repoPath}: ${why}`,
      `check ${repoPath} with git status, then merge again`,
    );
  }
  return outcome;
}

/** The main checkout must be on the base branch with no uncommitted changes to tracked files. */
async function checkMainCheckout(ctx: Git, repoPath: string, pr: PullRecord): Promise<void> {
  const branch = await currentBranch(ctx, repoPath);
  if (branch !== pr.base) {
    throw rejected(
      pr,
      `${repoPath} is on ${branch ?? "a detached HEAD"}, not on ${pr.base}`,
      `switch it back first: git -C ${repoPath} switch ${pr.base}`,
    );
  }
  const files = await changedTrackedFiles(ctx, repoPath);
  if (files.length > 0) {
    const shown = `${files.slice(0, 5).join(", ")}${files.length > 5 ? ", …" : ""}`;
    throw rejected(
      pr,
      `${repoPath} has uncommitted changes (${shown})`,
      "commit or stash them, then merge again",
    );
  }
}

/**
 * Modified, staged or deleted tracked files. Untracked files do not block: the fast-forward refuses
 * by itself if it would overwrite one.
 */
async function changedTrackedFiles(ctx: Git, repoPath: string): Promise<string[]> {
  const result = await git(ctx, repoPath, ["status", "--porcelain=v1", "-z", "--untracked-files=no"]);
  const records = result.stdout.split("\0");
  const files: string[] = [];
  for (let i = 0; i < records.length; i++) {
    const record = records[i] ?? "";
    if (record.length < 4) continue;
    files.push(record.slice(3));
    // A rename or copy is followed by its source path in its own record.
    if (record[0] === "R" || record[0] === "C") i++;
  }
  return files;
}

async function mergeCommit(
  ctx: Git,
  request: MergeRequest,
  base: string,
  head: string,
): Promise<MergeOutcome> {
  const { pr, repoPath } = request;
  if (request.method === "rebase") {
    throw rejected(
      pr,
      `${pr.base} has moved on, so a rebase merge would rewrite ${pr.branch}`,
      "merge it with the merge or squash method instead",
    );
  }
  const check = await checkMerge(ctx, repoPath, base, head);
  if (!check.clean) {
    throw rejected(
      pr,
      `${pr.branch} conflicts with ${pr.base} in ${check.conflicts.join(", ")}`,
      `resolve the conflicts on ${pr.branch} (merge or rebase ${pr.base} into it), then merge again`,
      { conflicts: check.conflicts },
    );
  }
  const squash = request.method === "squash";
  const message = squash
    ? `${pr.title} (#${String(pr.number)})\n\n${pr.body}\n`
    : `Merge branch '${pr.branch}' (#${String(pr.number)})\n\n${pr.title}\n`;
  const parents = squash ? ["-p", base] : ["-p", base, "-p", head];
  const commit = await git(ctx, repoPath, ["commit-tree", check.tree, ...parents, "-F", "-"], {
    input: message,
  });
  return { commit: commit.stdout.trim(), how: squash ? "squash" : "merge" };
}

export function rejected(
  pr: Pick<PullRecord, "number">,
  why: string,
  hint: string,
  details: Record<string, unknown> = {},
): AoError {
  return new AoError("E_MERGE_REJECTED", `pull request #${String(pr.number)} was not merged: ${why}`, {
    hint,
    details: { pr: pr.number, ...details },
  });
}
