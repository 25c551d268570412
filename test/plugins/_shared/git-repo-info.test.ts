import { mkdirSync, realpathSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import type { Exec } from "../../../src/core/exec.js";
import { findGitCommonDir, gitCommonDir } from "../../../src/plugins/_shared/git-repo-info.js";
import { makeTestRepo, runGit } from "../../helpers/git-repo.js";
import { makeTempDir } from "../../helpers/temp-dir.js";
import { makeTestContext } from "../../helpers/test-context.js";

/** A context that counts the processes it starts. */
function countingContext(): { ctx: { exec: Exec }; calls: string[][] } {
  const base = makeTestContext();
  const calls: string[][] = [];
  const exec: Exec = (file, args, options) => {
    calls.push([file, ...args]);
    return base.exec(file, args, options);
  };
  return { ctx: { exec }, calls };
}

/** git's own answer, made absolute and free of symlinks (tmp dirs may sit behind one). */
function gitsAnswer(dir: string): string {
  return realpathSync(resolve(dir, runGit(dir, ["rev-parse", "--git-common-dir"])));
}

async function expectSameAsGit(dir: string, processes: number): Promise<void> {
  const { ctx, calls } = countingContext();
  const found = await findGitCommonDir(ctx, dir);
  expect(realpathSync(found)).toBe(gitsAnswer(dir));
  expect(realpathSync(found)).toBe(realpathSync(await gitCommonDir(makeTestContext(), dir)));
  expect(calls).toHaveLength(processes);
}

describe("findGitCommonDir", () => {
  it("reads a normal repository's .git directory without a process", async () => {
    await expectSameAsGit(makeTestRepo().dir, 0);
  });

  it("follows a linked worktree's gitdir file and its commondir", async () => {
    const { dir } = makeTestRepo();
    const worktree = join(makeTempDir("ao-wt-"), "linked");
    runGit(dir, ["worktree", "add", "-q", "-b", "linked", worktree]);
    await expectSameAsGit(worktree, 0);
  });

  it("follows a .git file to a separated git directory", async () => {
    const root = makeTempDir("ao-sep-");
    const work = join(root, "work");
    runGit(root, ["init", "-q", `--separate-git-dir=${join(root, "store.git")}`, work]);
    await expectSameAsGit(work, 0);
  });

  it("asks git when the path is not the top of a checkout", async () => {
    const { dir } = makeTestRepo();
    const sub = join(dir, "src", "deep");
    mkdirSync(sub, { recursive: true });
    await expectSameAsGit(sub, 1);
  });
});
