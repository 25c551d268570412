import { readFileSync, statSync } from "node:fs";
import { isAbsolute, join, resolve } from "node:path";

/**
 * Where a checkout's git files are, and what its refs hold, read from those files without running
 * git: a look at a hundred idle sessions then costs no process per session (docs/lifecycle.md,
 * "What a cycle looks at again"). Each reader answers `undefined` where git's files do not say it
 * plainly (a reftable repository, a symbolic ref, an unreadable file): the caller asks git then.
 */
export interface CheckoutGitDirs {
  /** The checkout's own git directory: `.git`, or a linked worktree's `.git/worktrees/<name>`. */
  readonly gitDir: string;
  /** The repository's shared git directory (`commondir`), where branches live. */
  readonly common: string;
}

/** The git directories of the checkout at `worktree`; undefined when it has none (or is gone). */
export function checkoutGitDirs(worktree: string): CheckoutGitDirs | undefined {
  if (worktree === "") return undefined;
  const dotGit = join(worktree, ".git");
  const kind = fileKind(dotGit);
  if (kind === "none") return undefined;
  const gitDir = kind === "dir" ? dotGit : linkedGitDir(dotGit, worktree);
  return gitDir === undefined ? undefined : { gitDir, common: commonDir(gitDir) };
}

/** What a checkout's HEAD and the refs asked for point at; undefined when files cannot tell. */
export interface CheckoutRefs {
  /** HEAD's commit. */
  readonly head: string;
  /** Each ref asked for that exists, with its commit. */
  readonly refs: ReadonlyMap<string, string>;
}

/** HEAD's commit and the commits of `names` (full ref names), from the checkout's files. */
export function readCheckoutRefs(dirs: CheckoutGitDirs, names: readonly string[]): CheckoutRefs | undefined {
  if (fileKind(join(dirs.common, "reftable")) !== "none") return undefined;
  const packed = packedRefs(dirs.common);
  if (packed === undefined) return undefined;
  const lookUp = (name: string): string | null | undefined => {
    const loose = readText(join(dirs.common, ...name.split("/")));
    if (loose === undefined) return packed.get(name) ?? null;
    return OBJECT_ID.test(loose.trim()) ? loose.trim() : undefined;
  };
  const headText = readText(join(dirs.gitDir, "HEAD"))?.trim() ?? "";
  const headRef = /^ref: (refs\/\S+)$/.exec(headText)?.[1];
  const head = headRef === undefined ? (OBJECT_ID.test(headText) ? headText : undefined) : lookUp(headRef);
  if (typeof head !== "string") return undefined;
  const refs = new Map<string, string>();
  for (const name of names) {
    const found = lookUp(name);
    if (found === undefined) return undefined;
    if (found !== null) refs.set(name, found);
  }
  return { head, refs };
}

const OBJECT_ID = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;

/** `packed-refs` as ref → commit (an absent file is an empty map); undefined when unreadable. */
function packedRefs(common: string): Map<string, string> | undefined {
  const path = join(common, "packed-refs");
  const text = readText(path);
  if (text === undefined) return fileKind(path) === "none" ? new Map() : undefined;
  const refs = new Map<string, string>();
  for (const line of text.split("\n")) {
    const [id, name] = line.split(" ");
    if (id !== undefined && name !== undefined && OBJECT_ID.test(id)) refs.set(name.trim(), id);
  }
  return refs;
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

/** What is at `path`, without throwing for what is not there. */
export function fileKind(path: string): "dir" | "file" | "none" {
  try {
    return statSync(path).isDirectory() ? "dir" : "file";
  } catch {
    return "none";
  }
}

/** A file's text, or undefined when it cannot be read (gone, a directory, no permission). */
export function readText(path: string): string | undefined {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return undefined;
  }
}
