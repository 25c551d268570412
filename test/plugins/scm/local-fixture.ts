import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { PluginContext } from "../../../src/core/registry/define-plugin.js";
import { plugin, type LocalScm } from "../../../src/plugins/scm/local.js";
import { makeTestRepo, runGit } from "../../helpers/git-repo.js";
import { makeTempDir } from "../../helpers/temp-dir.js";
import { makeTestContext, type TestContext } from "../../helpers/test-context.js";

export interface LocalScmFixture {
  /** The person's main checkout, on `main`. */
  repo: string;
  /** The bare origin, when the fixture has one. */
  origin: string | undefined;
  ctx: TestContext & PluginContext;
  /** A fresh scm/local with these raw options (validated by the plugin's schema). */
  scm(options?: Record<string, unknown>): Promise<LocalScm>;
  /** A git worktree of the repository on a new branch from main, with one commit of `files`. */
  worktree(branch: string, files?: Record<string, string>): string;
}

/** A real repository (with no remote, or with a bare origin) and its own AO_HOME. */
export function makeLocalScmFixture(options: { origin: boolean } = { origin: false }): LocalScmFixture {
  const test = makeTestRepo();
  if (!options.origin) runGit(test.dir, ["remote", "remove", "origin"]);
  // ao's own commits (merge commits, squashes) and reviews use the repository's identity.
  runGit(test.dir, ["config", "user.name", "Ada Reviewer"]);
  runGit(test.dir, ["config", "user.email", "ada@ao.invalid"]);
  const base = makeTestContext({ cwd: test.dir });
  const ctx = { ...base, baseDir: test.dir, project: { id: "app", path: test.dir, defaultBranch: "main" } };
  const worktrees = makeTempDir("ao-worktrees-");
  return {
    repo: test.dir,
    origin: options.origin ? test.origin : undefined,
    ctx,
    scm: async (raw = {}) => (await plugin.create(plugin.options.parse(raw), ctx)) as LocalScm,
    worktree: (branch, files = { [`${branch.replaceAll("/", "-")}.txt`]: `${branch}\n` }) => {
      const path = join(worktrees, branch.replaceAll("/", "-"));
      runGit(test.dir, ["worktree", "add", "-q", "-b", branch, path, "main"]);
      commitFiles(path, files);
      return path;
    },
  };
}

/** Writes the files and commits them; returns the new head. */
export function commitFiles(checkout: string, files: Record<string, string>, message = "change"): string {
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(checkout, path)), { recursive: true });
    writeFileSync(join(checkout, path), content);
  }
  runGit(checkout, ["add", "-A"]);
  runGit(checkout, ["commit", "-q", "--allow-empty", "-m", message]);
  return runGit(checkout, ["rev-parse", "HEAD"]);
}

export function headOf(repo: string, ref: string): string | null {
  try {
    return runGit(repo, ["rev-parse", "--verify", "--quiet", `${ref}^{commit}`]);
  } catch {
    return null;
  }
}
