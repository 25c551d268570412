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

/**
 * Parses `git diff-tree --stdin -r --name-only -z` for the `"<tree> <tree>"` lines it was given,
 * pure: git echoes each line (newline-ended), then names the changed paths (NUL-ended), in order.
 * Returns the paths per given line; an answer that does not follow the lines is an error. The
 * exec chokepoint drops a final newline: an answer ending in an echoed line gets it back.
 */
export function parseTreeDiffs(answer: string, lines: readonly string[]): string[][] {
  const stdout = answer === "" || answer.endsWith("\0") ? answer : `${answer}\n`;
  let at = 0;
  return lines.map((line, index) => {
    const header = `${line}\n`;
    if (!stdout.startsWith(header, at)) throw new Error(`git diff-tree did not answer for "${line}"`);
    at += header.length;
    const next = lines[index + 1] === undefined ? undefined : `${lines[index + 1]!}\n`;
    const paths: string[] = [];
    while (at < stdout.length && (next === undefined || !stdout.startsWith(next, at))) {
      const end = stdout.indexOf("\0", at);
      const stop = end < 0 ? stdout.length : end;
      paths.push(stdout.slice(at, stop));
      at = stop + 1;
    }
    return paths;
  });
}
