import { describe, expect, it } from "vitest";
import { isAoError } from "../../../src/core/errors.js";
import { runGit } from "../../helpers/git-repo.js";
import { makeGitHubScmFixture, REPO } from "./github-fixture.js";

describe("scm/github for the merge train", () => {
  it("fetches the default branch's head as the API names it into the repository", async () => {
    const fixture = await makeGitHubScmFixture();
    const other = fixture.checkout("moved-main");
    runGit(other, ["push", "-q", "origin", "HEAD:main"]);
    const moved = runGit(other, ["rev-parse", "HEAD"]);
    runGit(fixture.repo, ["update-ref", "-d", "refs/heads/moved-main"]);
    runGit(fixture.repo, ["worktree", "remove", "--force", other]);
    runGit(fixture.repo, ["reflog", "expire", "--expire=now", "--all"]);
    runGit(fixture.repo, ["gc", "-q", "--prune=now"]);
    const train = fixture.scm().train!;
    expect(await train.fetchBase(fixture.repo, "main")).toBe(moved);
    expect(runGit(fixture.repo, ["rev-parse", "refs/remotes/origin/main"])).toBe(moved);
    expect(await train.fetchBase(fixture.repo, "no-such-branch")).toBeUndefined();
  });

  it("moves the pull request's branch with a lease: never over a push made since", async () => {
    const fixture = await makeGitHubScmFixture();
    const worktree = fixture.checkout("feat/a");
    const scm = fixture.scm();
    await scm.push(worktree, "feat/a");
    const first = runGit(worktree, ["rev-parse", "HEAD"]);
    runGit(worktree, ["commit", "-q", "--amend", "-m", "rebased"]);
    const rewritten = runGit(worktree, ["rev-parse", "HEAD"]);
    const empty = await scm
      .train!.pushUpdate(worktree, "feat/a", { from: first, to: "" })
      .catch((e: unknown) => e);
    expect(isAoError(empty) && empty.code).toBe("E_NOT_FOUND");
    expect(fixture.remoteHead("feat/a")).toBe(first);
    await scm.train!.pushUpdate(worktree, "feat/a", { from: first, to: rewritten });
    expect(fixture.remoteHead("feat/a")).toBe(rewritten);
    // The lease names a head the remote no longer has: refused, the remote keeps its commit.
    const again = fixture.commit(worktree);
    const refused = await scm
      .train!.pushUpdate(worktree, "feat/a", { from: first, to: again })
      .catch((e: unknown) => e);
    expect(isAoError(refused) && refused.code).toBe("E_EXEC_FAILED");
    expect(fixture.remoteHead("feat/a")).toBe(rewritten);
  });

  it("gates on the base branch's required checks, a missing one pending; without protection on every check", async () => {
    const fixture = await makeGitHubScmFixture();
    const worktree = fixture.checkout("feat/b");
    const scm = fixture.scm();
    await scm.push(worktree, "feat/b");
    const sha = runGit(worktree, ["rev-parse", "HEAD"]);
    fixture.fake.addCheckRun(REPO, sha, { name: "lint", conclusion: "failure" });
    const train = scm.train!;
    expect(await train.requiredCi("main", sha)).toMatchObject({ state: "failing", required: null });
    fixture.fake.requireChecks(REPO, "main", ["build", "test"]);
    expect(await train.requiredCi("main", sha)).toMatchObject({
      state: "pending",
      failing: [],
      required: ["build", "test"],
    });
    fixture.fake.addCheckRun(REPO, sha, { name: "build", conclusion: "success" });
    fixture.fake.addStatus(REPO, sha, { context: "test", state: "failure" });
    expect(await train.requiredCi("main", sha)).toMatchObject({
      state: "failing",
      failing: [{ name: "test" }],
    });
    fixture.fake.addStatus(REPO, sha, { context: "test", state: "success" });
    expect((await train.requiredCi("main", sha)).state).toBe("passing");
  });

  it("finds GitHub's merge queue, enqueues with the expected head, and follows the entry", async () => {
    const fixture = await makeGitHubScmFixture();
    const worktree = fixture.checkout("feat/c");
    const scm = fixture.scm();
    await scm.push(worktree, "feat/c");
    const pr = await scm.openPullRequest({ branch: "feat/c", base: "main", title: "c", body: "" });
    const train = scm.train!;
    expect(await train.mergeQueue("main")).toBe(false);
    fixture.fake.enableMergeQueue(REPO, "main");
    expect(await train.mergeQueue("main")).toBe(true);
    const ref = { number: pr.number, branch: "feat/c" };
    expect(await train.queueEntry(ref)).toEqual({ state: "absent", removedReason: null });
    const stale = await train.enqueue(ref, "0".repeat(40)).catch((e: unknown) => e);
    expect(isAoError(stale)).toBe(true);
    await train.enqueue(ref, pr.headSha);
    expect(await train.queueEntry(ref)).toEqual({ state: "queued", position: 1, detail: "AWAITING_CHECKS" });
    // The merge API refuses a branch that merges through its queue.
    const direct = await scm.merge(ref, { sha: pr.headSha }).catch((e: unknown) => e);
    expect(isAoError(direct) && direct.code).toBe("E_MERGE_REJECTED");
    fixture.fake.removeFromMergeQueue(REPO, pr.number, "Merge conflicts");
    expect(await train.queueEntry(ref)).toEqual({ state: "absent", removedReason: "Merge conflicts" });
    await train.enqueue(ref, pr.headSha);
    const merged = fixture.fake.landFromMergeQueue(REPO, pr.number);
    expect(fixture.remoteHead("main")).toBe(merged);
    const seen = (await scm.observe([ref], { fresh: true })).get(pr.number);
    expect(seen?.state).toBe("merged");
  });
});
