import { describe, expect, it } from "vitest";
import { isAoError } from "../../../src/core/errors.js";
import { makeGitHubScmFixture, REPO } from "./github-fixture.js";

describe("scm/github pull requests", () => {
  it("answers GitHub's 422 'already exists' with the PR the agent opened itself", async () => {
    const fixture = await makeGitHubScmFixture();
    const scm = fixture.scm();
    const worktree = fixture.checkout("feat/dup");
    await scm.push(worktree, "feat/dup");
    const theirs = fixture.fake.openPull(REPO, { head: "feat/dup", title: "Opened by the agent" });
    const pr = await scm.openPullRequest({
      branch: "feat/dup",
      base: "main",
      title: "Mine",
      body: "Closes #3",
    });
    expect(pr).toMatchObject({ number: theirs.number, title: "Opened by the agent", state: "open" });
    expect(fixture.fake.requests.map((r) => `${r.method} ${r.path} ${String(r.status)}`)).toContain(
      "POST /repos/acme/widgets/pulls 422",
    );
  });

  it("opens drafts when the plugin is configured to", async () => {
    const fixture = await makeGitHubScmFixture();
    const scm = fixture.scm({ draft: true });
    await scm.push(fixture.checkout("feat/draft"), "feat/draft");
    const pr = await scm.openPullRequest({ branch: "feat/draft", base: "main", title: "Draft", body: "" });
    expect(pr.draft).toBe(true);
    expect(JSON.parse(fixture.fake.requests.find((r) => r.method === "POST")!.body)).toMatchObject({
      draft: true,
      body: "",
    });
  });

  it("finds the newest PR of a branch in any state", async () => {
    const fixture = await makeGitHubScmFixture();
    const scm = fixture.scm();
    await scm.push(fixture.checkout("feat/again"), "feat/again");
    const first = fixture.fake.openPull(REPO, { head: "feat/again" });
    Object.assign(first, { state: "closed", closedAt: fixture.fake.state.tick() });
    const second = fixture.fake.openPull(REPO, { head: "feat/again" });
    expect((await scm.findPullRequest("feat/again"))?.number).toBe(second.number);
    expect(await scm.findPullRequest("feat/none")).toBeNull();
  });

  it("refuses a push that would rewrite the remote branch, and never forces", async () => {
    const fixture = await makeGitHubScmFixture();
    const scm = fixture.scm();
    const worktree = fixture.checkout("feat/rewrite");
    await scm.push(worktree, "feat/rewrite");
    const { runGit } = await import("../../helpers/git-repo.js");
    runGit(worktree, ["commit", "-q", "--amend", "-m", "rewritten"]);
    const error: unknown = await scm.push(worktree, "feat/rewrite").catch((e: unknown) => e);
    expect(isAoError(error) && error.hint).toMatch(/never force-pushes/);
  });

  it("merges with the configured method and the observed head as guard", async () => {
    const fixture = await makeGitHubScmFixture();
    const scm = fixture.scm({ mergeMethod: "rebase" });
    await scm.push(fixture.checkout("feat/merge"), "feat/merge");
    const pr = await scm.openPullRequest({ branch: "feat/merge", base: "main", title: "M", body: "" });
    await scm.merge(pr, { sha: pr.headSha });
    const put = fixture.fake.requests.find((r) => r.method === "PUT")!;
    expect(JSON.parse(put.body)).toEqual({ sha: pr.headSha, merge_method: "rebase" });
    expect((await scm.findPullRequest("feat/merge"))?.state).toBe("merged");
  });

  it("merges with its mergeMethod option, squash by default, when no method is asked for", async () => {
    const fixture = await makeGitHubScmFixture();
    const scm = fixture.scm();
    await scm.push(fixture.checkout("feat/default"), "feat/default");
    const pr = await scm.openPullRequest({ branch: "feat/default", base: "main", title: "D", body: "" });
    await scm.merge(pr, { sha: pr.headSha });
    const put = fixture.fake.requests.find((r) => r.method === "PUT")!;
    expect(JSON.parse(put.body)).toEqual({ sha: pr.headSha, merge_method: "squash" });
    expect((await scm.findPullRequest("feat/default"))?.state).toBe("merged");
  });

  it("rejects merging a PR GitHub calls not mergeable with E_MERGE_REJECTED", async () => {
    const fixture = await makeGitHubScmFixture();
    const scm = fixture.scm();
    await scm.push(fixture.checkout("feat/blocked"), "feat/blocked");
    const pr = await scm.openPullRequest({ branch: "feat/blocked", base: "main", title: "B", body: "" });
    fixture.fake.setMergeable(REPO, pr.number, false);
    const error: unknown = await scm
      .merge(pr, { sha: pr.headSha, method: "squash" })
      .catch((e: unknown) => e);
    expect(isAoError(error) && error.code).toBe("E_MERGE_REJECTED");
    expect(isAoError(error) && error.message).toMatch(/not mergeable/);
  });

  it("records a review with a line comment and resolves the thread it opened", async () => {
    const fixture = await makeGitHubScmFixture();
    const scm = fixture.scm();
    await scm.push(fixture.checkout("feat/review"), "feat/review");
    const pr = await scm.openPullRequest({ branch: "feat/review", base: "main", title: "R", body: "" });
    const thread = await scm.review(pr, { requestChanges: "rename this", path: "a.ts", line: 3 });
    expect(thread).toMatchObject({
      path: "a.ts",
      line: 3,
      body: "rename this",
      author: "octocat",
      isBot: false,
    });
    let seen = (await scm.observe([pr])).get(pr.number)!;
    expect(seen.review).toMatchObject({ decision: "changes_requested", threads: [{ id: thread!.id }] });
    await scm.resolveThread(pr, thread!.id);
    seen = (await scm.observe([pr])).get(pr.number)!;
    expect(seen.review.threads).toEqual([]);
  });
});

describe("scm/github postLineReview (the dashboard's review posted on GitHub)", () => {
  it("posts one review requesting changes on the commit read, a thread per line, LEFT for a removed line", async () => {
    const fixture = await makeGitHubScmFixture();
    const scm = fixture.scm();
    await scm.push(fixture.checkout("feat/lines"), "feat/lines");
    const pr = await scm.openPullRequest({ branch: "feat/lines", base: "main", title: "L", body: "" });
    const head = (await scm.observe([pr])).get(pr.number)!.headSha;
    await scm.postLineReview(pr, {
      head,
      body: "Two things.",
      comments: [
        { path: "a.ts", line: 3, side: "new", body: "Name it." },
        { path: "b.ts", line: 7, side: "old", body: "Keep this line." },
      ],
    });
    const posted = fixture.fake.requests.filter((r) => r.method === "POST" && r.path.endsWith("/reviews"));
    expect(posted.map((r) => JSON.parse(r.body) as unknown)).toEqual([
      {
        commit_id: head,
        event: "REQUEST_CHANGES",
        body: "Two things.",
        comments: [
          { path: "a.ts", line: 3, side: "RIGHT", body: "Name it." },
          { path: "b.ts", line: 7, side: "LEFT", body: "Keep this line." },
        ],
      },
    ]);
    const seen = (await scm.observe([pr])).get(pr.number)!;
    expect(seen.review.decision).toBe("changes_requested");
    expect(seen.review.threads.map((t) => [t.path, t.line, t.body])).toEqual([
      ["a.ts", 3, "Name it."],
      ["b.ts", 7, "Keep this line."],
    ]);
  });
});

describe("scm/github getPullRequest (what ao session claim-pr asks)", () => {
  it("answers a PR by number in any state, and null for a number GitHub does not have", async () => {
    const fixture = await makeGitHubScmFixture();
    const scm = fixture.scm();
    await scm.push(fixture.checkout("feat/claim"), "feat/claim");
    const theirs = fixture.fake.openPull(REPO, { head: "feat/claim", title: "Opened by a person" });
    expect(await scm.getPullRequest?.(theirs.number)).toMatchObject({
      number: theirs.number,
      branch: "feat/claim",
      state: "open",
      title: "Opened by a person",
    });
    expect(await scm.getPullRequest?.(4242)).toBeNull();
  });
});
