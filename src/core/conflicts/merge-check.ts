import type { AoContext } from "../context.js";
import { AoError } from "../errors.js";
import { git } from "../git.js";
import type { ConflictHunk } from "../store/index.js";
import { conflictHunks } from "./conflict-hunks.js";
import { parseMergeTree, parseTreeDiffs } from "./merge-tree-output.js";

/** At most this many conflicted files are read for their line ranges; the rest are still named. */
const HUNK_FILES = 20;

type Git = Pick<AoContext, "exec">;

/** A pair's merge: its conflicting files and blocks, or the clean result's tree. */
export type PairMerge =
  | { readonly conflict: true; readonly files: readonly string[]; readonly hunks: readonly ConflictHunk[] }
  | { readonly conflict: false; readonly tree: string };

/** The trees of a clean merge's two sides and of its result, for `overlapFiles`. */
export interface CleanMerge {
  readonly leftTree: string;
  readonly rightTree: string;
  readonly mergedTree: string;
}

/**
 * A real three-way merge of two heads in the repository `repo`, in git's object store only
 * (`merge-tree --write-tree`, git ≥ 2.38): nothing is checked out, no ref or worktree changes.
 * Conflicting files come with their blocks' line ranges, read from the result's tree.
 */
export async function mergePair(ctx: Git, repo: string, left: string, right: string): Promise<PairMerge> {
  const merged = await git(
    ctx,
    repo,
    ["merge-tree", "--write-tree", "--name-only", "--no-messages", "-z", left, right],
    { reject: false },
  );
  if (merged.exitCode !== 0 && merged.exitCode !== 1) throw gitFailed(repo, "merge-tree", merged.stderr);
  const { tree, files } = parseMergeTree(merged.stdout);
  if (merged.exitCode === 0) return { conflict: false, tree };
  return { conflict: true, files, hunks: await hunksOf(ctx, repo, tree, files) };
}

/**
 * For clean merges, the files both sides changed, with one `diff-tree --stdin` for all of them: a
 * file whose merged version differs from each side's was changed by both (an identical change on
 * both sides is not counted: it cannot conflict). Sorted, in the order of `merges`.
 */
export async function overlapFiles(
  ctx: Git,
  repo: string,
  merges: readonly CleanMerge[],
): Promise<string[][]> {
  if (merges.length === 0) return [];
  const lines = merges.flatMap((merge) => [
    `${merge.leftTree} ${merge.mergedTree}`,
    `${merge.rightTree} ${merge.mergedTree}`,
  ]);
  const diff = await git(ctx, repo, ["diff-tree", "--stdin", "-r", "--name-only", "--no-renames", "-z"], {
    reject: false,
    input: `${lines.join("\n")}\n`,
  });
  if (diff.failed) throw gitFailed(repo, "diff-tree", diff.stderr);
  const changed = parseTreeDiffs(diff.stdout, lines);
  return merges.map((_, index) => {
    const byRight = new Set(changed[2 * index]);
    return (changed[2 * index + 1] ?? []).filter((file) => byRight.has(file)).sort();
  });
}

/** The conflict blocks of each conflicted file as the merge wrote it (none for binary or deleted ones). */
async function hunksOf(
  ctx: Git,
  repo: string,
  tree: string,
  files: readonly string[],
): Promise<ConflictHunk[]> {
  const hunks: ConflictHunk[] = [];
  for (const file of files.slice(0, HUNK_FILES)) {
    const blob = await git(ctx, repo, ["cat-file", "blob", `${tree}:${file}`], { reject: false });
    if (!blob.failed) hunks.push(...conflictHunks(file, blob.stdout));
  }
  return hunks;
}

function gitFailed(repo: string, what: string, stderr: string): AoError {
  return new AoError("E_EXEC_FAILED", `git ${what} failed in ${repo}: ${stderr.trim() || "no message"}`, {
    hint: "the conflict radar needs git 2.38 or newer (git merge-tree --write-tree); check `git --version`",
    details: { repo },
  });
}
