import { afterEach } from "vitest";
import { createGitHubClient, type GitHubClient } from "../../../../src/plugins/_shared/github/client.js";
import { startFakeGitHub, type FakeGitHub } from "../../../fakes/github/fake-github.js";
import { makeTestRepo, runGit, type TestRepo } from "../../../helpers/git-repo.js";
import { makeTestContext, type TestContext } from "../../../helpers/test-context.js";

/**
 * Deliberately NOT shaped like a GitHub token: the redaction patterns would mask a ghp_… value, and
 * the leak checks must prove the token is never written at all, not that redaction caught it.
 */
export const TEST_TOKEN = "plain-test-credential-7f3a9c2e5b";

const servers: FakeGitHub[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

export interface GitHubFixture {
  fake: FakeGitHub;
  repo: TestRepo;
  ctx: TestContext;
  /** A client with tiny retry delays and no write spacing. */
  client: () => GitHubClient;
  /** Pushes a new branch with one commit to the bare origin; returns its head. */
  pushBranch: (branch: string, file?: string) => string;
}

/** The fake GitHub serving acme/widgets from a real bare origin, closed after the test. */
export async function makeGitHubFixture(): Promise<GitHubFixture> {
  const fake = await startFakeGitHub({ token: TEST_TOKEN });
  servers.push(fake);
  const repo = makeTestRepo();
  fake.addRepo("acme/widgets", repo.origin);
  const ctx = makeTestContext({ cwd: repo.dir, env: { GITHUB_TOKEN: TEST_TOKEN } });
  return {
    fake,
    repo,
    ctx,
    client: () =>
      createGitHubClient(ctx, {
        token: TEST_TOKEN,
        apiUrl: fake.apiUrl,
        retryAfterBaseMs: 1,
        writeSpacingMs: 0,
      }),
    pushBranch: (branch, file = `${branch.replaceAll("/", "-")}.txt`) => {
      runGit(repo.dir, ["checkout", "-q", "-B", branch, "main"]);
      runGit(repo.dir, ["commit", "-q", "--allow-empty", "-m", `work on ${branch} ${file}`]);
      runGit(repo.dir, ["push", "-q", "origin", branch]);
      runGit(repo.dir, ["checkout", "-q", "main"]);
      return runGit(repo.origin, ["rev-parse", `refs/heads/${branch}`]);
    },
  };
}
