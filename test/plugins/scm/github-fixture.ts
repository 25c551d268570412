import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterEach } from "vitest";
import type { CiStatus, ReviewStatus } from "../../../src/core/slots/index.js";
import { parseGitHubRepo } from "../../../src/plugins/_shared/github/repo.js";
import { createGitHubScm, plugin, type GitHubScm } from "../../../src/plugins/scm/github.js";
import type { GitHubScmTuning } from "../../../src/plugins/scm/github/scm-env.js";
import { startFakeGitHub, type FakeGitHub } from "../../fakes/github/fake-github.js";
import { makeTestRepo, runGit } from "../../helpers/git-repo.js";
import { makeTempDir } from "../../helpers/temp-dir.js";
import { makeTestContext, type TestContext } from "../../helpers/test-context.js";
import { TEST_TOKEN } from "../_shared/github/github-fixture.js";

export const REPO = "acme/widgets";

/** No waiting in tests: tiny Retry-After units, no write spacing, a short mergeable re-look. */
export const FAST: GitHubScmTuning = { retryAfterBaseMs: 1, writeSpacingMs: 0, mergeableRetryDelayMs: 5 };

const servers: FakeGitHub[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

export interface GitHubScmFixture {
  fake: FakeGitHub;
  /** The person's checkout (origin = the bare repo the fake serves). */
  repo: string;
  origin: string;
  ctx: TestContext;
  scm(options?: Record<string, unknown>, tuning?: GitHubScmTuning): GitHubScm;
  /** A worktree on a new branch from main with one commit, not pushed. */
  checkout(branch: string, files?: Record<string, string>): string;
  commit(worktree: string, files?: Record<string, string>): string;
  remoteHead(branch: string): string | null;
  setCi(pr: number, ci: CiStatus): void;
  setReview(pr: number, review: ReviewStatus): void;
}

let commits = 0;

export async function makeGitHubScmFixture(): Promise<GitHubScmFixture> {
  const fake = await startFakeGitHub({ token: TEST_TOKEN });
  servers.push(fake);
  const test = makeTestRepo();
  fake.addRepo(REPO, test.origin);
  const ctx = makeTestContext({ cwd: test.dir, env: { GITHUB_TOKEN: TEST_TOKEN } });
  const worktrees = makeTempDir("ao-gh-worktrees-");
  const commit = (
    worktree: string,
    files: Record<string, string> = { [`change-${String(++commits)}.txt`]: "x\n" },
  ) => {
    for (const [path, content] of Object.entries(files)) {
      mkdirSync(dirname(join(worktree, path)), { recursive: true });
      writeFileSync(join(worktree, path), content);
    }
    runGit(worktree, ["add", "-A"]);
    runGit(worktree, ["commit", "-q", "--allow-empty", "-m", "change"]);
    return runGit(worktree, ["rev-parse", "HEAD"]);
  };
  return {
    fake,
    repo: test.dir,
    origin: test.origin,
    ctx,
    scm: (options = {}, tuning = FAST) => {
      // The fake's git side is a bare repository on this machine: a local remote, opted in.
      const parsed = plugin.options.parse({
        repo: REPO,
        apiUrl: fake.apiUrl,
        allowLocalRemote: true,
        ...options,
      });
      return createGitHubScm(ctx, parsed, parseGitHubRepo(parsed.repo ?? REPO), tuning);
    },
    checkout: (branch, files) => {
      const path = join(worktrees, branch.replaceAll("/", "-"));
      runGit(test.dir, ["worktree", "add", "-q", "-b", branch, path, "main"]);
      commit(path, files);
      return path;
    },
    commit,
    remoteHead: (branch) => {
      try {
        return runGit(test.origin, ["rev-parse", "--verify", "--quiet", `refs/heads/${branch}`]);
      } catch {
        return null;
      }
    },
    setCi: (pr, ci) => {
      if (ci.state === "none") return;
      if (ci.state !== "failing") return void fake.setCi(REPO, pr, ci.state);
      const checks = ci.failing.map((check) => ({
        name: check.name,
        ...(check.logTail ? { log: check.logTail } : {}),
      }));
      fake.setCi(REPO, pr, "failing", checks);
    },
    setReview: (pr, review) => {
      if (review.decision === "approved") fake.addReview(REPO, pr, { state: "APPROVED" });
      if (review.decision === "changes_requested")
        fake.addReview(REPO, pr, { state: "CHANGES_REQUESTED", body: "see threads" });
      for (const thread of review.threads) {
        fake.addThread(REPO, pr, {
          path: thread.path ?? "README.md",
          body: thread.body,
          author: thread.author,
          bot: thread.isBot,
          ...(thread.line !== undefined ? { line: thread.line } : {}),
        });
      }
    },
  };
}
