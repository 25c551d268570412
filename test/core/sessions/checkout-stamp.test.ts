import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { checkoutStamp } from "../../../src/core/sessions/checkout-stamp.js";
import { makeTestRepo, runGit } from "../../helpers/git-repo.js";
import { makeTempDir } from "../../helpers/temp-dir.js";

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

describe("checkoutStamp: the change signal of commitsAhead", () => {
  it("stays the same while nothing happens, and changes with a commit in the worktree", () => {
    const repo = makeTestRepo();
    const worktree = worktreeOf(repo.dir);
    const before = checkoutStamp(worktree, "main");
    expect(before).toBeDefined();
    expect(checkoutStamp(worktree, "main")).toBe(before);
    commit(worktree, "a.txt");
    expect(checkoutStamp(worktree, "main")).not.toBe(before);
  });

  it("changes when the base branch moves, a branch is checked out, or refs are packed", () => {
    const repo = makeTestRepo();
    const worktree = worktreeOf(repo.dir);
    const stamps = [checkoutStamp(worktree, "main")];
    commit(repo.dir, "b.txt");
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
    commit(repo.dir, "c.txt");
    expect(checkoutStamp(repo.dir, "main")).not.toBe(before);
    expect(checkoutStamp(join(makeTempDir("ao-gone-"), "nothing"), "main")).toBe("absent");
  });
});
