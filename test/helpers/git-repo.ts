import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { makeTempDir } from "./temp-dir.js";

const GIT_ENV = {
  ...process.env,
  LC_ALL: "C",
  GIT_TERMINAL_PROMPT: "0",
  GIT_AUTHOR_NAME: "ao test",
  GIT_AUTHOR_EMAIL: "test@ao.invalid",
  GIT_COMMITTER_NAME: "ao test",
  GIT_COMMITTER_EMAIL: "test@ao.invalid",
  GIT_CONFIG_NOSYSTEM: "1",
};

export function runGit(cwd: string, args: string[]): string {
  return execFileSync("git", args, { cwd, env: GIT_ENV, encoding: "utf8" }).trim();
}

export interface TestRepo {
  /** The working clone a person would run ao in. */
  dir: string;
  /** A bare repository acting as `origin`. */
  origin: string;
}

/**
 * A real repository with one commit on `defaultBranch`, pushed to a bare `origin` in a temp dir.
 * `originUrl` lets a test pretend the remote is e.g. git@github.com:acme/widgets.git (set after the push).
 */
export function makeTestRepo(
  options: { defaultBranch?: string; originUrl?: string; files?: Record<string, string> } = {},
): TestRepo {
  const root = makeTempDir("ao-repo-");
  const origin = join(root, "origin.git");
  const dir = join(root, "work");
  const branch = options.defaultBranch ?? "main";
  mkdirSync(dir);
  runGit(root, ["init", "--bare", "-q", `--initial-branch=${branch}`, origin]);
  runGit(dir, ["init", "-q", `--initial-branch=${branch}`]);
  for (const [path, content] of Object.entries(options.files ?? { "README.md": "# test repo\n" })) {
    mkdirSync(join(dir, path, ".."), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  runGit(dir, ["add", "-A"]);
  runGit(dir, ["commit", "-q", "-m", "initial commit"]);
  runGit(dir, ["remote", "add", "origin", origin]);
  runGit(dir, ["push", "-q", "-u", "origin", branch]);
  runGit(dir, ["remote", "set-head", "origin", branch]);
  if (options.originUrl) runGit(dir, ["remote", "set-url", "origin", options.originUrl]);
  return { dir, origin };
}

/** A linked worktree of `repo` on a new branch `session/s-1`, as ao's spawn makes one. */
export function addSessionWorktree(repo: string): string {
  const worktree = join(makeTempDir("ao-wt-"), "s-1");
  runGit(repo, ["worktree", "add", "-q", "-b", "session/s-1", worktree]);
  return worktree;
}

/** Writes `file` in `dir` and commits it, the file's name as the subject. */
export function commitFile(dir: string, file: string): void {
  writeFileSync(join(dir, file), `${file}\n`);
  runGit(dir, ["add", file]);
  runGit(dir, ["-c", "user.name=t", "-c", "user.email=t@ao.invalid", "commit", "-q", "-m", file]);
}
