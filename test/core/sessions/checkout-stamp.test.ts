import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { checkoutStamp } from "../../../src/core/sessions/checkout-stamp.js";
import { addSessionWorktree, commitFile, makeTestRepo, runGit } from "../../helpers/git-repo.js";
import { makeTempDir } from "../../helpers/temp-dir.js";

describe("checkoutStamp: the change signal of commitsAhead", () => {
  it("stays the same while nothing happens, and changes with a commit in the worktree", () => {
    const repo = makeTestRepo();
    const worktree = addSessionWorktree(repo.dir);
    const before = checkoutStamp(worktree, "main");
    expect(before).toBeDefined();
    expect(checkoutStamp(worktree, "main")).toBe(before);
    commitFile(worktree, "a.txt");
    expect(checkoutStamp(worktree, "main")).not.toBe(before);
  });

  it("changes when the base branch moves, a branch is checked out, or refs are packed", () => {
    const repo = makeTestRepo();
    const worktree = addSessionWorktree(repo.dir);
    const stamps = [checkoutStamp(worktree, "main")];
    commitFile(repo.dir, "b.txt");
    stamps.push(checkoutStamp(worktree, "main"));
    runGit(worktree, ["checkout", "-q", "-b", "other"]);
    stamps.push(checkoutStamp(worktree, "main"));
    runGit(repo.dir, ["pack-refs", "--all"]);
    stamps.push(checkoutStamp(worktree, "main"));
    expect(new Set(stamps).size).toBe(stamps.length);
  });

  it("works for a clone's own .git directory, and says absent for a checkout that is gone", () => {
    const repo = makeTestRepo();
    const before = checkoutStamp(repo.dir, "main");
    commitFile(repo.dir, "c.txt");
    expect(checkoutStamp(repo.dir, "main")).not.toBe(before);
    expect(checkoutStamp(join(makeTempDir("ao-gone-"), "nothing"), "main")).toBe("absent");
  });
});
