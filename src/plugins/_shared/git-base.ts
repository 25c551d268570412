import type { AoContext } from "../../core/context.js";
import { AoError } from "../../core/errors.js";
import { git } from "../../core/git.js";
import { redactText } from "../../core/redact.js";
import { remoteUrl, resolveCommit } from "./git-repo-info.js";

/** The commit a new session branch starts from, and where it came from (shown to the person). */
export interface BranchBase {
  /** `origin/main` or `main`. */
  label: string;
  commit: string;
  source: "origin" | "local";
  /** Why origin was not used, when it was not. */
  fallbackReason?: string | undefined;
}

const FETCH_TIMEOUT_MS = 120_000;
/**
 * Parallel spawns fetch the same ref at the same moment; git gives up on a busy ref lock after 100 ms
 * by default, which would turn a race into a needless fallback to the local branch.
 */
const FETCH_LOCK_CONFIG = ["-c", "core.filesRefLockTimeout=30000", "-c", "core.packedRefsTimeout=30000"];

/**
 * `origin/<defaultBranch>` freshly fetched; the local `<defaultBranch>` when there is no origin or the
 * fetch fails (offline, no credentials). The commit is returned, not the ref, so a parallel fetch that
 * moves the ref cannot change the base between here and `worktree add`.
 */
export async function resolveBranchBase(
  ctx: Pick<AoContext, "exec">,
  repoPath: string,
  defaultBranch: string,
): Promise<BranchBase> {
  const fallbackReason = await fetchDefaultBranch(ctx, repoPath, defaultBranch);
  if (fallbackReason === undefined) {
    const commit = await resolveCommit(ctx, repoPath, `refs/remotes/origin/${defaultBranch}`);
    if (commit !== undefined) return { label: `origin/${defaultBranch}`, commit, source: "origin" };
  }
  const commit = await resolveCommit(ctx, repoPath, `refs/heads/${defaultBranch}`);
  if (commit === undefined) {
    throw new AoError(
      "E_NOT_FOUND",
      `default branch ${defaultBranch} was found neither on origin nor locally in ${repoPath}`,
      {
        hint: `check defaultBranch in agent-orchestrator.yaml (git branch -a lists what exists)`,
        details: { repoPath, defaultBranch, fallbackReason },
      },
    );
  }
  return {
    label: defaultBranch,
    commit,
    source: "local",
    fallbackReason: fallbackReason ?? "origin has no such branch",
  };
}

/** undefined when origin/<branch> is up to date; otherwise the reason it could not be fetched. */
async function fetchDefaultBranch(
  ctx: Pick<AoContext, "exec">,
  repoPath: string,
  branch: string,
): Promise<string | undefined> {
  const refspec = `+refs/heads/${branch}:refs/remotes/origin/${branch}`;
  const result = await git(
    ctx,
    repoPath,
    [...FETCH_LOCK_CONFIG, "fetch", "--quiet", "--no-tags", "origin", refspec],
    {
      reject: false,
      timeoutMs: FETCH_TIMEOUT_MS,
    },
  );
  if (!result.failed) return undefined;
  // Asked only after a failure: a fetch that works proves origin exists, and spawn saves a process.
  if ((await remoteUrl(ctx, repoPath)) === undefined) return "the repository has no origin remote";
  const why = result.timedOut ? "timed out" : (result.stderr.trim().split("\n").pop() ?? "failed");
  return `git fetch origin ${branch} failed: ${redactText(why)}`;
}
