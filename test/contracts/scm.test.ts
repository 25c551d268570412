import { describe, expect, it } from "vitest";
import { FakeScm } from "../fakes/scm.js";
import { scmContract } from "./scm.js";

scmContract("fake", () => {
  const scm = new FakeScm();
  let checkouts = 0;
  return Promise.resolve({
    scm,
    baseBranch: "main",
    checkout: () => {
      const worktree = `/fake/worktrees/${++checkouts}`;
      scm.commit(worktree);
      return Promise.resolve(worktree);
    },
    commit: (worktree: string) => Promise.resolve(void scm.commit(worktree)),
    remoteHead: (branch: string) => Promise.resolve(scm.remoteHead(branch)),
    setCi: (pr: number, ci) => Promise.resolve(scm.setCi(pr, ci)),
    setReview: (pr: number, review) => Promise.resolve(scm.setReview(pr, review)),
    cleanup: () => Promise.resolve(),
  });
});

describe("FakeScm controls", () => {
  it("resets CI on a new push, keeps the review, and records observe batches", async () => {
    const scm = new FakeScm();
    await scm.push("/w", "b");
    const pr = await scm.openPullRequest({ branch: "b", base: "main", title: "t", body: "" });
    scm.setCi(pr.number, { state: "failing", failing: [{ name: "lint" }] });
    scm.setReview(pr.number, { decision: "approved", threads: [] });
    scm.commit("/w");
    await scm.push("/w", "b");
    const seen = (await scm.observe([{ number: pr.number }])).get(pr.number);
    expect(seen?.ci).toEqual({ state: "pending", failing: [] });
    expect(seen?.review.decision).toBe("approved");
    expect(scm.observeCalls).toEqual([[pr.number]]);
  });

  it("refuses to merge when not mergeable and sees PRs closed by hand", async () => {
    const scm = new FakeScm();
    await scm.push("/w", "b");
    const pr = await scm.openPullRequest({ branch: "b", base: "main", title: "t", body: "" });
    scm.setMergeable(pr.number, false);
    await expect(scm.merge(pr, { sha: pr.headSha, method: "merge" })).rejects.toMatchObject({
      code: "E_MERGE_REJECTED",
    });
    expect((await scm.observe([pr])).get(pr.number)).toMatchObject({ mergeable: false, conflicts: true });
    scm.close(pr.number);
    expect((await scm.findPullRequest("b"))?.state).toBe("closed");
  });
});
