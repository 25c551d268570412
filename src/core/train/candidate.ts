import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { AoContext } from "../context.js";
import { conflictHunks, mergePair } from "../conflicts/index.js";
import { AoError } from "../errors.js";
import { git, gitText, noFilterDrivers } from "../git.js";
import type { ConflictHunk } from "../store/index.js";

type Git = Pick<AoContext, "exec">;

/** The branch brought up to date (`sha`, and how), or the conflict that stops it. */
export type Candidate =
  | { readonly kind: "ready"; readonly sha: string; readonly how: "rebase" | "merge" | "none" }
  | { readonly kind: "conflict"; readonly files: readonly string[]; readonly hunks: readonly ConflictHunk[] };

export interface CandidateInput {
  readonly repo: string;
  readonly branch: string;
  readonly baseBranch: string;
  readonly head: string;
  readonly base: string;
  readonly update: "rebase" | "merge";
  /** A directory of its own for the rebase's scratch worktree (removed before and after). */
  readonly scratch: string;
}

/**
 * The commit the train tests for an entry: the branch's head when it already contains the default
 * branch's head; else the two merged — first by a three-way merge in the object store (the radar's
 * `mergePair`), which names a conflict's files and lines exactly as `ao conflicts` does. A clean
 * merge becomes, with `update: merge`, a merge commit made by plumbing (no checkout); with
 * `update: rebase` the branch's commits replayed onto the base in a scratch worktree, unless the
 * branch has merge commits of its own (an agent that resolved a conflict by merging): a rebase would
 * drop that resolution and conflict again, so such a branch is merged instead. The agent's worktree
 * and branch are never touched here.
 */
export async function buildCandidate(ctx: Git, input: CandidateInput): Promise<Candidate> {
  if (await isAncestor(ctx, input.repo, input.base, input.head))
    return { kind: "ready", sha: input.head, how: "none" };
  const merged = await mergePair(ctx, input.repo, input.head, input.base);
  if (merged.conflict) return { kind: "conflict", files: merged.files, hunks: merged.hunks };
  if (input.update === "rebase" && !(await hasMergeCommits(ctx, input))) return rebased(ctx, input);
  const message = `Merge ${input.baseBranch} into ${input.branch} (merge train)`;
  const env = await trainIdentity(ctx, input.repo);
  const args = ["commit-tree", merged.tree, "-p", input.head, "-p", input.base, "-m", message];
  const sha = (await git(ctx, input.repo, args, { env })).stdout.trim();
  return { kind: "ready", sha, how: "merge" };
}

/** Whether `ancestor` is contained in `descendant`. */
export async function isAncestor(
  ctx: Git,
  repo: string,
  ancestor: string,
  descendant: string,
): Promise<boolean> {
  const result = await git(ctx, repo, ["merge-base", "--is-ancestor", ancestor, descendant], {
    reject: false,
  });
  if (result.exitCode === 0) return true;
  if (result.exitCode === 1) return false;
  throw new AoError("E_EXEC_FAILED", `git merge-base failed in ${repo}: ${result.stderr.trim()}`);
}

async function hasMergeCommits(ctx: Git, input: CandidateInput): Promise<boolean> {
  const merges = await gitText(ctx, input.repo, [
    "rev-list",
    "--merges",
    "-n",
    "1",
    `${input.base}..${input.head}`,
  ]);
  return merges !== "";
}

/** The branch's commits replayed onto the base in a detached scratch worktree, hooks and filters off. */
async function rebased(ctx: Git, input: CandidateInput): Promise<Candidate> {
  const off = [...(await noFilterDrivers(ctx, input.repo)), "-c", "core.hooksPath=/dev/null"];
  await removeScratch(ctx, input.repo, input.scratch);
  try {
    await git(ctx, input.repo, [...off, "worktree", "add", "--detach", "--quiet", input.scratch, input.head]);
    const env = await trainIdentity(ctx, input.repo);
    const rebase = await git(ctx, input.scratch, [...off, "rebase", "--quiet", input.base], {
      reject: false,
      env,
    });
    if (rebase.failed) return await rebaseConflict(ctx, input.scratch, off, rebase.stderr);
    return { kind: "ready", sha: await gitText(ctx, input.scratch, ["rev-parse", "HEAD"]), how: "rebase" };
  } finally {
    await removeScratch(ctx, input.repo, input.scratch);
  }
}

async function rebaseConflict(
  ctx: Git,
  scratch: string,
  off: readonly string[],
  stderr: string,
): Promise<Candidate> {
  const listed = await gitText(ctx, scratch, ["diff", "--name-only", "--diff-filter=U"]);
  const files = listed === "" ? [] : listed.split("\n").sort();
  if (files.length === 0) {
    await git(ctx, scratch, [...off, "rebase", "--abort"], { reject: false });
    throw new AoError(
      "E_EXEC_FAILED",
      `git rebase failed without a conflict: ${stderr.trim() || "no message"}`,
    );
  }
  const hunks = files.flatMap((file) => {
    const path = join(scratch, file);
    return existsSync(path) ? conflictHunks(file, readFileSync(path, "utf8")) : [];
  });
  await git(ctx, scratch, [...off, "rebase", "--abort"], { reject: false });
  return { kind: "conflict", files, hunks };
}

const TRAIN_NAME = "ao merge train";
const TRAIN_EMAIL = "merge-train@ao.invalid";

/**
 * The train's commits (a rebase's, a merge's) are made as the person's git identity; where git has
 * none (a daemon's bare environment) as "ao merge train", so an update never fails for want of one.
 */
async function trainIdentity(ctx: Git, repo: string): Promise<Record<string, string>> {
  const known = await git(ctx, repo, ["var", "GIT_COMMITTER_IDENT"], { reject: false });
  if (!known.failed) return {};
  return {
    GIT_COMMITTER_NAME: TRAIN_NAME,
    GIT_COMMITTER_EMAIL: TRAIN_EMAIL,
    GIT_AUTHOR_NAME: TRAIN_NAME,
    GIT_AUTHOR_EMAIL: TRAIN_EMAIL,
  };
}

/** A scratch worktree left by a daemon killed mid-rebase is removed before the next one. */
export async function removeScratch(ctx: Git, repo: string, scratch: string): Promise<void> {
  if (existsSync(scratch)) {
    await git(ctx, repo, ["worktree", "remove", "--force", scratch], { reject: false });
    rmSync(scratch, { recursive: true, force: true });
  }
  await git(ctx, repo, ["worktree", "prune"], { reject: false });
}
