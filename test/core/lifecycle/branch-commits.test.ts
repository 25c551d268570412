import { describe, expect, it } from "vitest";
import { commitsAhead } from "../../../src/core/lifecycle/branch-commits.js";
import { hostCheckout, type SessionCheckout } from "../../../src/core/sessions/session-checkout.js";
import { addSessionWorktree, commitFile, makeTestRepo, runGit } from "../../helpers/git-repo.js";
import { makeTestContext } from "../../helpers/test-context.js";

/** The host checkout of `worktree`, with every git command it runs written down. */
function countingCheckout(worktree: string): { checkout: SessionCheckout; ran: string[][] } {
  const real = hostCheckout(makeTestContext(), worktree);
  const ran: string[][] = [];
  const checkout: SessionCheckout = {
    ...real,
    git: (args) => {
      ran.push([...args]);
      return real.git(args);
    },
  };
  return { checkout, ran };
}

describe("commitsAhead in a host checkout (issue 29: a look without a process per session)", () => {
  it("runs no git for a branch at its base, loose or packed, and one `git log` once it has commits", async () => {
    const repo = makeTestRepo();
    const worktree = addSessionWorktree(repo.dir);
    const { checkout, ran } = countingCheckout(worktree);
    expect(await commitsAhead(checkout, "main")).toEqual([]);
    runGit(repo.dir, ["pack-refs", "--all"]);
    expect(await commitsAhead(checkout, "main")).toEqual([]);
    expect(ran).toEqual([]);
    commitFile(worktree, "a.txt");
    commitFile(worktree, "b.txt");
    expect(await commitsAhead(checkout, "main")).toEqual(["a.txt", "b.txt"]);
    expect(ran.map((args) => args[0])).toEqual(["log"]);
  });

  it("answers as git does when the base moved past the branch, or is missing", async () => {
    const repo = makeTestRepo();
    const worktree = addSessionWorktree(repo.dir);
    commitFile(repo.dir, "base-moved.txt");
    const { checkout } = countingCheckout(worktree);
    expect(await commitsAhead(checkout, "main")).toEqual([]);
    expect(await commitsAhead(checkout, "trunk")).toEqual([]);
  });

  it("asks git when the files do not say it plainly (a symbolic base ref)", async () => {
    const repo = makeTestRepo();
    const worktree = addSessionWorktree(repo.dir);
    runGit(repo.dir, ["symbolic-ref", "refs/heads/trunk", "refs/heads/main"]);
    commitFile(worktree, "c.txt");
    const { checkout, ran } = countingCheckout(worktree);
    expect(await commitsAhead(checkout, "trunk")).toEqual(["c.txt"]);
    expect(ran.map((args) => args[0])).toEqual(["rev-parse", "rev-parse", "log"]);
  });
});
