import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { commitsAhead } from "../../../src/core/lifecycle/branch-commits.js";
import { hostCheckout, type SessionCheckout } from "../../../src/core/sessions/session-checkout.js";
import { makeTestRepo, runGit } from "../../helpers/git-repo.js";
import { makeTestContext } from "../../helpers/test-context.js";
import { makeTempDir } from "../../helpers/temp-dir.js";

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

function worktreeOf(repo: string): string {
  const worktree = join(makeTempDir("ao-wt-"), "s-1");
  runGit(repo, ["worktree", "add", "-q", "-b", "session/s-1", worktree]);
  return worktree;
}

function commit(dir: string, file: string): void {
  writeFileSync(join(dir, file), `${file}\n`);
  runGit(dir, ["add", file]);
  runGit(dir, ["-c", "user.name=t", "-c", "user.email=t@ao.invalid", "commit", "-q", "-m", file]);
}

describe("commitsAhead in a host checkout (issue 29: a look without a process per session)", () => {
  it("runs no git for a branch at its base, loose or packed, and one `git log` once it has commits", async () => {
    const repo = makeTestRepo();
    const worktree = worktreeOf(repo.dir);
    const { checkout, ran } = countingCheckout(worktree);
    expect(await commitsAhead(checkout, "main")).toEqual([]);
    runGit(repo.dir, ["pack-refs", "--all"]);
    expect(await commitsAhead(checkout, "main")).toEqual([]);
    expect(ran).toEqual([]);
    commit(worktree, "a.txt");
    commit(worktree, "b.txt");
    expect(await commitsAhead(checkout, "main")).toEqual(["a.txt", "b.txt"]);
    expect(ran.map((args) => args[0])).toEqual(["log"]);
  });

  it("answers as git does when the base moved past the branch, or is missing", async () => {
    const repo = makeTestRepo();
    const worktree = worktreeOf(repo.dir);
    commit(repo.dir, "base-moved.txt");
    const { checkout } = countingCheckout(worktree);
    expect(await commitsAhead(checkout, "main")).toEqual([]);
    expect(await commitsAhead(checkout, "trunk")).toEqual([]);
  });

  it("asks git when the files do not say it plainly (a symbolic base ref)", async () => {
    const repo = makeTestRepo();
    const worktree = worktreeOf(repo.dir);
    runGit(repo.dir, ["symbolic-ref", "refs/heads/trunk", "refs/heads/main"]);
    commit(worktree, "c.txt");
    const { checkout, ran } = countingCheckout(worktree);
    expect(await commitsAhead(checkout, "trunk")).toEqual(["c.txt"]);
    expect(ran.map((args) => args[0])).toEqual(["rev-parse", "rev-parse", "log"]);
  });
});
