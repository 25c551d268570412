import { describe, expect, it } from "vitest";
import { makeGitHubFixture } from "../../plugins/_shared/github/github-fixture.js";

const repo = { owner: "acme", repo: "widgets" };

describe("fake github", () => {
  it("opens a pull request on a pushed branch and answers a duplicate with GitHub's 422", async () => {
    const { client, pushBranch } = await makeGitHubFixture();
    const head = pushBranch("feat/one");
    const octokit = client();
    const created = await octokit.rest.pulls.create({
      ...repo,
      head: "feat/one",
      base: "main",
      title: "One",
    });
    expect(created.data).toMatchObject({ number: 1, state: "open", head: { ref: "feat/one", sha: head } });
    const duplicate = await octokit.rest.pulls
      .create({ ...repo, head: "feat/one", base: "main", title: "Again" })
      .catch((e: unknown) => e);
    expect(duplicate).toMatchObject({ status: 422 });
    expect(JSON.stringify((duplicate as { response: { data: unknown } }).response.data)).toContain(
      "A pull request already exists for acme:feat/one",
    );
  });

  it("answers an unchanged GET with 304, which does not count against the rate limit", async () => {
    const { client, pushBranch, fake } = await makeGitHubFixture();
    pushBranch("feat/two");
    const octokit = client();
    await octokit.rest.pulls.create({ ...repo, head: "feat/two", base: "main", title: "Two" });
    const first = await octokit.rest.pulls.list({ ...repo, state: "all" });
    const etag = first.headers.etag!;
    const again = await octokit.rest.pulls
      .list({ ...repo, state: "all", headers: { "if-none-match": etag } })
      .catch((e: unknown) => e);
    expect(again).toMatchObject({ status: 304 });
    expect(fake.requests.at(-1)).toMatchObject({ status: 304, rateLimited: false });
  });

  it("guards merges by head sha (409) and really merges into the bare repo", async () => {
    const { client, pushBranch, fake, repo: git } = await makeGitHubFixture();
    const head = pushBranch("feat/three");
    const octokit = client();
    const pr = (
      await octokit.rest.pulls.create({ ...repo, head: "feat/three", base: "main", title: "Three" })
    ).data;
    const stale = await octokit.rest.pulls
      .merge({ ...repo, pull_number: pr.number, sha: "0".repeat(40) })
      .catch((e: unknown) => e);
    expect(stale).toMatchObject({ status: 409 });
    fake.setMergeable("acme/widgets", pr.number, false);
    expect(
      await octokit.rest.pulls.merge({ ...repo, pull_number: pr.number, sha: head }).catch((e: unknown) => e),
    ).toMatchObject({ status: 405 });
    fake.setMergeable("acme/widgets", pr.number, "computed");
    const merged = await octokit.rest.pulls.merge({
      ...repo,
      pull_number: pr.number,
      sha: head,
      merge_method: "squash",
    });
    expect(merged.data.merged).toBe(true);
    const { runGit } = await import("../../helpers/git-repo.js");
    expect(runGit(git.origin, ["rev-parse", "refs/heads/main"])).toBe(merged.data.sha);
  });

  it("serves a failing job's log through the Actions redirect", async () => {
    const { client, pushBranch, fake } = await makeGitHubFixture();
    pushBranch("feat/four");
    const octokit = client();
    const pr = (await octokit.rest.pulls.create({ ...repo, head: "feat/four", base: "main", title: "Four" }))
      .data;
    const [run] = fake.setCi("acme/widgets", pr.number, "failing", [{ name: "unit", log: "boom\n" }]);
    const log = await octokit.rest.actions.downloadJobLogsForWorkflowRun({ ...repo, job_id: run!.id });
    expect(String(log.data)).toBe("boom\n");
    expect(fake.requests.at(-1)).toMatchObject({
      path: `/_downloads/job-logs/${String(run!.id)}`,
      rateLimited: false,
    });
  });

  it("rejects a request without the token", async () => {
    const { fake } = await makeGitHubFixture();
    const response = await fetch(`${fake.apiUrl}/repos/acme/widgets/pulls`);
    expect(response.status).toBe(401);
  });
});
