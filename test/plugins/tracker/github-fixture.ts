import { afterEach } from "vitest";
import type { Tracker } from "../../../src/core/slots/index.js";
import { createGitHubTracker, plugin } from "../../../src/plugins/tracker/github.js";
import type { IssueSeed } from "../../contracts/tracker.js";
import { startFakeGitHub, type FakeGitHub } from "../../fakes/github/fake-github.js";
import { FakeIssues } from "../../fakes/github/issue-routes.js";
import { FakeGitHubState } from "../../fakes/github/state.js";
import { makeTestContext } from "../../helpers/test-context.js";

export const GITHUB_TEST_TOKEN = "ghp_FAKEfakeFAKEfakeFAKEfake0123456789ab";
export const REPO = "acme/widgets";

export interface GitHubIssuesFixture {
  github: FakeGitHub;
  issues: FakeIssues;
}

const running: FakeGitHub[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((fake) => fake.close()));
});

/** A fake GitHub that serves issues and checks the token; closed after the test. */
export async function startGitHubIssues(): Promise<GitHubIssuesFixture> {
  const state = new FakeGitHubState();
  const issues = new FakeIssues(state);
  const github = await startFakeGitHub({ state, routes: issues.routes(), token: GITHUB_TEST_TOKEN });
  running.push(github);
  return { github, issues };
}

/** tracker/github with parsed options, the project `acme/widgets`, and writes not spaced out. */
export function makeGitHubTracker(
  fixture: GitHubIssuesFixture,
  options: Record<string, unknown> = {},
  env: Record<string, string | undefined> = { GITHUB_TOKEN: GITHUB_TEST_TOKEN },
): Tracker {
  const ctx = {
    ...makeTestContext({ env }),
    baseDir: "/",
    project: { id: "app", path: "/", defaultBranch: "main", repo: REPO },
  };
  const parsed = plugin.options.parse({ apiUrl: fixture.github.apiUrl, ...options });
  return createGitHubTracker(ctx, parsed, { writeSpacingMs: 0, retryAfterBaseMs: 1 });
}

export function seedGitHub(fixture: GitHubIssuesFixture, seeds: readonly IssueSeed[]): number[] {
  return seeds.map((seed) => fixture.issues.add(REPO, { ...seed }).number);
}
