import { existsSync } from "node:fs";
import type { AoContext } from "../context.js";
import { git, noFilterDrivers } from "../git.js";

type Git = Pick<AoContext, "exec">;

export interface BranchMove {
  readonly repo: string;
  readonly branch: string;
  /** The session's worktree, where the branch is checked out (when it still exists). */
  readonly worktree: string;
  /** The head the candidate was built from, and the candidate. */
  readonly from: string;
  readonly to: string;
}

/** The branch points at the candidate now, or its head moved meanwhile, or git refused. */
export type MoveOutcome =
  | { readonly kind: "moved" }
  | { readonly kind: "head_moved"; readonly head: string | undefined }
  | { readonly kind: "failed"; readonly message: string };

/**
 * Points the session's branch at the tested candidate, only from the head it was built from (a
 * commit made since is never lost: the entry goes back to be prepared again). Where the branch is
 * checked out, `git reset --keep` moves it and the files together and refuses over a local change
 * it would lose; elsewhere `update-ref` with the old value moves it atomically. Already at the
 * candidate (a daemon killed after the move) counts as moved. The caller makes sure the agent's
 * turn has ended first.
 */
export async function moveBranch(ctx: Git, move: BranchMove): Promise<MoveOutcome> {
  const head = await branchHead(ctx, move.repo, move.branch);
  if (head === move.to) return { kind: "moved" };
  if (head !== move.from) return { kind: "head_moved", head };
  const checkedOut =
    existsSync(move.worktree) && (await checkedOutBranch(ctx, move.worktree)) === move.branch;
  const off = checkedOut ? await noFilterDrivers(ctx, move.worktree) : [];
  const moved = checkedOut
    ? await git(
        ctx,
        move.worktree,
        [...off, "-c", "core.hooksPath=/dev/null", "reset", "--quiet", "--keep", move.to],
        {
          reject: false,
        },
      )
    : await git(
        ctx,
        move.repo,
        ["update-ref", "-m", "ao merge train", `refs/heads/${move.branch}`, move.to, move.from],
        { reject: false },
      );
  if (!moved.failed) return { kind: "moved" };
  const now = await branchHead(ctx, move.repo, move.branch);
  if (now !== move.from && now !== move.to) return { kind: "head_moved", head: now };
  return { kind: "failed", message: moved.stderr.trim().split("\n").slice(-3).join("; ") || "git failed" };
}

/** The commit a branch points at, or undefined when it does not exist. */
export async function branchHead(ctx: Git, repo: string, branch: string): Promise<string | undefined> {
  const result = await git(ctx, repo, ["rev-parse", "--verify", "--quiet", `refs/heads/${branch}^{commit}`], {
    reject: false,
  });
  const sha = result.stdout.trim();
  return result.failed || sha === "" ? undefined : sha;
}

async function checkedOutBranch(ctx: Git, worktree: string): Promise<string | undefined> {
  const result = await git(ctx, worktree, ["symbolic-ref", "--quiet", "--short", "HEAD"], { reject: false });
  return result.failed ? undefined : result.stdout.trim();
}
