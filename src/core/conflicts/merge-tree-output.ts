/** What `git merge-tree --write-tree --name-only --no-messages -z` printed: the tree and the conflicted files. */
export interface MergeTreeOutput {
  /** The merge result's tree; conflicted files hold conflict markers in it. */
  readonly tree: string;
  /** Each conflicted path once, sorted. */
  readonly files: readonly string[];
}

/**
 * Parses merge-tree's NUL-separated answer, pure: the tree id, then one conflicted path per entry
 * (git ≥ 2.38). A path may be named more than once (one entry per conflicting stage).
 */
export function parseMergeTree(stdout: string): MergeTreeOutput {
  const [tree = "", ...paths] = stdout.split("\0");
  const files = [...new Set(paths.filter((path) => path !== ""))].sort();
  return { tree: tree.trim(), files };
}

/** The paths `git diff --name-only -z` printed, as a set. */
export function parseNameList(stdout: string): Set<string> {
  return new Set(stdout.split("\0").filter((path) => path !== ""));
}
