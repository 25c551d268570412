import type { AoContext } from "../context.js";
import { AoError } from "../errors.js";
import { git } from "../git.js";
import type { ConflictHunk } from "../store/index.js";
import { conflictHunks } from "./conflict-hunks.js";
import { parseMergeTree, parseNameList } from "./merge-tree-output.js";
import type { MergeFinding } from "./pair-change.js";

/** At most this many conflicted files are read for their line ranges; the rest are still named. */
const HUNK_FILES = 20;

type Git = Pick<AoContext, "exec">;

/**
 * A real three-way merge of two heads in the repository `repo`, in git's object store only
 * (`merge-tree --write-tree`, git ≥ 2.38): nothing is checked out, no ref or worktree changes.
 * Conflicting files come with their blocks' line ranges, read from the merge result's tree; a
 * clean merge is an `overlap` when both sides changed a same file since their merge base.
 */
export async function checkPair(ctx: Git, repo: string, left: string, right: string): Promise<MergeFinding> {
  const merged = await git(
    ctx,
    repo,
    ["merge-tree", "--write-tree", "--name-only", "--no-messages", "-z", left, right],
    { reject: false },
  );
  if (merged.exitCode !== 0 && merged.exitCode !== 1) throw gitFailed(repo, "merge-tree", merged.stderr);
  const { tree, files } = parseMergeTree(merged.stdout);
  if (merged.exitCode === 1) return { kind: "conflict", files, hunks: await hunksOf(ctx, repo, tree, files) };
  const overlap = await touchedByBoth(ctx, repo, left, right);
  return { kind: overlap.length === 0 ? "clean" : "overlap", files: overlap, hunks: [] };
}

/** The files both sides changed since their merge base (`A...B` diffs from it), sorted. */
async function touchedByBoth(ctx: Git, repo: string, left: string, right: string): Promise<string[]> {
  const [mine, theirs] = await Promise.all([
    changedSince(ctx, repo, `${right}...${left}`),
    changedSince(ctx, repo, `${left}...${right}`),
  ]);
  return [...mine].filter((file) => theirs.has(file)).sort();
}

async function changedSince(ctx: Git, repo: string, range: string): Promise<Set<string>> {
  const diff = await git(ctx, repo, ["diff", "--name-only", "--no-renames", "-z", range], { reject: false });
  if (diff.failed) throw gitFailed(repo, "diff", diff.stderr);
  return parseNameList(diff.stdout);
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
