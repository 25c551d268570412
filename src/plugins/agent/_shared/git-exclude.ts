import { appendFileSync, existsSync, mkdirSync, readFileSync, statSync } from "node:fs";
import { dirname, isAbsolute, join, resolve } from "node:path";
import { AO_WORKSPACE_DIR } from "./agent-events.js";

/**
 * Creates the worktree's `.ao/` and git-ignores the named files in it (plus `extraPatterns`). Files
 * are excluded one by one, never the whole `.ao/`: the local tracker keeps committed issues in
 * `.ao/issues/`, and info/exclude is shared with the person's own checkout.
 */
export function claimWorkspaceFiles(
  worktree: string,
  names: readonly string[],
  extraPatterns: readonly string[] = [],
): void {
  mkdirSync(join(worktree, AO_WORKSPACE_DIR), { recursive: true });
  excludeFromGit(worktree, [...names.map((name) => `/${AO_WORKSPACE_DIR}/${name}`), ...extraPatterns]);
}

/**
 * Adds patterns to the repository's info/exclude so files ao writes into a workspace (hooks,
 * settings) never show in `git status` or get committed. A linked worktree shares the main
 * repository's info/exclude (the common dir), so that is the file written.
 */
export function excludeFromGit(worktree: string, patterns: readonly string[]): void {
  const gitDir = commonGitDir(worktree);
  if (gitDir === undefined) return;
  const exclude = join(gitDir, "info", "exclude");
  const current = existsSync(exclude) ? readFileSync(exclude, "utf8") : "";
  const present = new Set(current.split("\n"));
  const missing = patterns.filter((pattern) => !present.has(pattern));
  if (missing.length === 0) return;
  mkdirSync(dirname(exclude), { recursive: true });
  const separator = current === "" || current.endsWith("\n") ? "" : "\n";
  appendFileSync(exclude, `${separator}${missing.join("\n")}\n`);
}

function commonGitDir(worktree: string): string | undefined {
  const dotGit = join(worktree, ".git");
  if (!existsSync(dotGit)) return undefined;
  if (statSync(dotGit).isDirectory()) return dotGit;
  const pointer = /^gitdir: (.+)$/m.exec(readFileSync(dotGit, "utf8"))?.[1]?.trim();
  if (pointer === undefined) return undefined;
  const gitDir = isAbsolute(pointer) ? pointer : resolve(worktree, pointer);
  const commonFile = join(gitDir, "commondir");
  if (!existsSync(commonFile)) return gitDir;
  return resolve(gitDir, readFileSync(commonFile, "utf8").trim());
}
