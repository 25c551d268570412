import { existsSync } from "node:fs";
import { join } from "node:path";
import type { PluginContext } from "../../../src/core/registry/define-plugin.js";
import type { WorkspaceSpec } from "../../../src/core/slots/workspace.js";
import { makeTestRepo, runGit, type TestRepo } from "../../helpers/git-repo.js";
import { makeTempDir } from "../../helpers/temp-dir.js";
import { makeTestContext, type TestContext } from "../../helpers/test-context.js";

export interface WorkspaceFixture {
  repo: TestRepo;
  ctx: TestContext & PluginContext;
  baseDir: string;
  spec: (sessionId: string, branch: string, extra?: Partial<WorkspaceSpec>) => WorkspaceSpec;
}

/** A real repository with a bare origin, its own AO_HOME, and specs pointing at both. */
export function makeWorkspaceFixture(options: Parameters<typeof makeTestRepo>[0] = {}): WorkspaceFixture {
  const repo = makeTestRepo(options);
  const ctx = makeTestContext();
  const pluginCtx = { ...ctx, baseDir: ctx.cwd };
  const baseDir = join(ctx.paths.projects, "app", "worktrees");
  return {
    repo,
    ctx: pluginCtx,
    baseDir,
    spec: (sessionId, branch, extra = {}) => ({
      project: { id: "app", path: repo.dir, defaultBranch: options.defaultBranch ?? "main" },
      sessionId,
      branch,
      baseDir,
      ...extra,
    }),
  };
}

/** Pushes a new commit to origin from a separate clone, so origin is ahead of the person's checkout. */
export function advanceOrigin(repo: TestRepo, branch = "main", file = "from-origin.txt"): string {
  const other = join(makeTempDir("ao-other-"), "clone");
  runGit(repo.dir, ["clone", "-q", repo.origin, other]);
  runGit(other, ["checkout", "-q", "-B", branch]);
  runGit(other, ["commit", "-q", "--allow-empty", "-m", `change ${file}`]);
  runGit(other, ["push", "-q", "origin", `HEAD:refs/heads/${branch}`]);
  return runGit(other, ["rev-parse", "HEAD"]);
}

export function branchExists(repoDir: string, branch: string): boolean {
  try {
    runGit(repoDir, ["show-ref", "--verify", "--quiet", `refs/heads/${branch}`]);
    return true;
  } catch {
    return false;
  }
}

/** Paths of `git worktree list`, the main checkout first. */
export function worktreePaths(repoDir: string): string[] {
  return runGit(repoDir, ["worktree", "list", "--porcelain"])
    .split("\n")
    .filter((line) => line.startsWith("worktree "))
    .map((line) => line.slice("worktree ".length));
}

export function isCheckout(path: string): boolean {
  return existsSync(join(path, ".git"));
}
