import { execFileSync, spawnSync } from "node:child_process";

/**
 * The fake's git side is a real bare repository (the test's origin): what a push put there is what
 * the fake sees, and a merge through the API really moves the base branch.
 */
const GIT_ENV = {
  ...process.env,
  LC_ALL: "C",
  GIT_CONFIG_NOSYSTEM: "1",
  GIT_AUTHOR_NAME: "GitHub",
  GIT_AUTHOR_EMAIL: "noreply@github.invalid",
  GIT_COMMITTER_NAME: "GitHub",
  GIT_COMMITTER_EMAIL: "noreply@github.invalid",
};

function git(repo: string, args: string[]): { status: number; stdout: string } {
  const result = spawnSync("git", args, { cwd: repo, env: GIT_ENV, encoding: "utf8" });
  return { status: result.status ?? 1, stdout: result.stdout.trim() };
}

export function branchHead(repo: string, branch: string): string | null {
  const result = git(repo, ["rev-parse", "--verify", "--quiet", `refs/heads/${branch}^{commit}`]);
  return result.status === 0 ? result.stdout : null;
}

/** Every branch head at once: one git call however many PRs a listing shows. */
export function branchHeads(repo: string): Map<string, string> {
  const result = git(repo, ["for-each-ref", "--format=%(objectname) %(refname)", "refs/heads/"]);
  const heads = new Map<string, string>();
  for (const line of result.stdout.split("\n")) {
    const [sha = "", ref = ""] = line.split(" ");
    if (ref.startsWith("refs/heads/")) heads.set(ref.slice("refs/heads/".length), sha);
  }
  return heads;
}

export interface MergePreview {
  clean: boolean;
  tree?: string;
  conflictingFiles: string[];
}

const previews = new Map<string, MergePreview>();

/** `git merge-tree --write-tree`: the merged tree, or the files that conflict (memoised: commits never change). */
export function previewMerge(repo: string, base: string, head: string): MergePreview {
  const key = `${repo} ${base} ${head}`;
  const known = previews.get(key);
  if (known) return known;
  const preview = computePreview(repo, base, head);
  previews.set(key, preview);
  return preview;
}

function computePreview(repo: string, base: string, head: string): MergePreview {
  const result = git(repo, ["merge-tree", "--write-tree", "--name-only", base, head]);
  const [tree = "", ...rest] = result.stdout.split("\n");
  if (result.status === 0) return { clean: true, tree, conflictingFiles: [] };
  // After the tree: the conflicted files, then a blank line, then informational messages.
  const end = rest.indexOf("");
  return { clean: false, conflictingFiles: end === -1 ? rest : rest.slice(0, end) };
}

export type FakeMergeMethod = "merge" | "squash" | "rebase";

/**
 * Moves `base` to a commit holding the merged tree: two parents for "merge", one (the base) for
 * "squash" and "rebase" (a rebase of several commits is flattened here; the tree is the same).
 */
export function mergeBranch(
  repo: string,
  base: string,
  head: string,
  method: FakeMergeMethod,
  message: string,
): string {
  const baseSha = branchHead(repo, base);
  if (baseSha === null) throw new Error(`fake github: base branch ${base} is missing`);
  const preview = previewMerge(repo, baseSha, head);
  if (!preview.clean || preview.tree === undefined) throw new Error("fake github: merge conflicts");
  const parents = method === "merge" ? ["-p", baseSha, "-p", head] : ["-p", baseSha];
  const commit = execFileSync("git", ["commit-tree", preview.tree, ...parents, "-m", message], {
    cwd: repo,
    env: GIT_ENV,
    encoding: "utf8",
  }).trim();
  git(repo, ["update-ref", `refs/heads/${base}`, commit, baseSha]);
  return commit;
}
