import { readFileSync, statSync } from "node:fs";
import { isAbsolute, join, resolve } from "node:path";

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
  const dotGit = join(worktree, ".git");
  const kind = fileKind(dotGit);
  if (kind === "none") return fileKind(worktree) === "none" ? "absent" : undefined;
  const gitDir = kind === "dir" ? dotGit : linkedGitDir(dotGit, worktree);
  if (gitDir === undefined) return undefined;
  const common = commonDir(gitDir);
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

function fileKind(path: string): "dir" | "file" | "none" {
  try {
    return statSync(path).isDirectory() ? "dir" : "file";
  } catch {
    return "none";
  }
}

/** A linked worktree's `.git` file: `gitdir: <path>`, relative to the worktree when not absolute. */
function linkedGitDir(dotGit: string, worktree: string): string | undefined {
  const line = /^gitdir: (.+?)\s*$/m.exec(readText(dotGit) ?? "")?.[1];
  if (line === undefined) return undefined;
  return isAbsolute(line) ? line : resolve(worktree, line);
}

/** A linked worktree's `commondir` (the main repository's git directory), else the git dir itself. */
function commonDir(gitDir: string): string {
  const line = readText(join(gitDir, "commondir"))?.trim();
  if (line === undefined || line === "") return gitDir;
  return isAbsolute(line) ? line : resolve(gitDir, line);
}

function fileSignal(path: string): string {
  try {
    const stat = statSync(path, { bigint: true });
    return `${String(stat.ino)}:${String(stat.size)}:${String(stat.mtimeNs)}`;
  } catch {
    return "-";
  }
}

function readText(path: string): string | undefined {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return undefined;
  }
}
