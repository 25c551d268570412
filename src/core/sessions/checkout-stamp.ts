import { statSync } from "node:fs";
import { join } from "node:path";
import { checkoutGitDirs, fileKind, readText } from "./checkout-git-files.js";

/**
 * A change signal for what `commitsAhead` reads in a host checkout (a worktree or a clone): the
 * checkout's HEAD, the ref HEAD points at, and the base branch's local and remote-tracking refs,
 * read from git's own files without running git. Each file counts by its inode, size and mtime:
 * git writes a ref or HEAD through a lock file renamed into place (a new inode every time) and
 * appends to the reflog, so a commit, reset, checkout, fetch or `pack-refs` changes the stamp. A
 * file that does not exist counts as such. Undefined when the checkout's git directory cannot be
 * found (`commitsAhead` is then asked every time); "absent" when the checkout itself is gone.
 */
export function checkoutStamp(worktree: string, base: string): string | undefined {
  const dirs = checkoutGitDirs(worktree);
  if (dirs === undefined) return fileKind(worktree) === "none" ? "absent" : undefined;
  const { gitDir, common } = dirs;
  const head = readText(join(gitDir, "HEAD"));
  if (head === undefined) return undefined;
  const headRef = /^ref: (refs\/\S+)\s*$/.exec(head)?.[1];
  const files = [
    join(gitDir, "HEAD"),
    join(gitDir, "logs", "HEAD"),
    join(common, "packed-refs"),
    join(common, "reftable", "tables.list"),
    join(common, "refs", "heads", base),
    join(common, "refs", "remotes", "origin", base),
    ...(headRef === undefined ? [] : [join(common, headRef)]),
  ];
  return [head.trim(), ...files.map(fileSignal)].join("|");
}

function fileSignal(path: string): string {
  try {
    const stat = statSync(path, { bigint: true });
    return `${String(stat.ino)}:${String(stat.size)}:${String(stat.mtimeNs)}`;
  } catch {
    return "-";
  }
}
