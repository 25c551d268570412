import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { git } from "../../src/core/git.js";
import { uncommittedPaths } from "../../src/plugins/_shared/git-status.js";
import { makeTestRepo, runGit } from "../helpers/git-repo.js";
import { makeTempDir } from "../helpers/temp-dir.js";
import { makeTestContext } from "../helpers/test-context.js";

/** A worktree whose config an agent has set to run its own program: fsmonitor and a clean filter. */
function plantedRepo(): { dir: string; ran: string } {
  const repo = makeTestRepo();
  const ran = join(makeTempDir("ao-planted-"), "ran");
  const program = join(makeTempDir("ao-planted-bin-"), "evil.sh");
  writeFileSync(program, `#!/bin/sh\necho "$0" >> '${ran}'\ncat\n`);
  chmodSync(program, 0o755);
  writeFileSync(join(repo.dir, ".gitattributes"), "*.txt filter=evil\n");
  writeFileSync(join(repo.dir, "a.txt"), "one\n");
  runGit(repo.dir, ["add", "."]);
  runGit(repo.dir, ["commit", "-qm", "attributes"]);
  runGit(repo.dir, ["config", "core.fsmonitor", program]);
  runGit(repo.dir, ["config", "filter.evil.clean", program]);
  writeFileSync(join(repo.dir, "a.txt"), "one\ntwo\n");
  return { dir: repo.dir, ran };
}

describe("ao's git in an agent's worktree runs no program the repository names (issue 18)", () => {
  it("the planted programs do run for a plain git status (the test can fail)", () => {
    const { dir, ran } = plantedRepo();
    spawnSync("git", ["status", "--porcelain"], { cwd: dir });
    expect(existsSync(ran)).toBe(true);
  });

  it("git() never runs core.fsmonitor, and uncommittedPaths runs no filter driver", async () => {
    const { dir, ran } = plantedRepo();
    const ctx = makeTestContext();
    await git(ctx, dir, ["rev-parse", "HEAD"]);
    await git(ctx, dir, ["log", "-1", "--format=%s"]);
    await git(ctx, dir, ["diff", "--quiet", "--", "nothing-here"], { reject: false });
    expect(existsSync(ran)).toBe(false);
    expect(await uncommittedPaths(ctx, dir)).toEqual(["a.txt"]);
    expect(existsSync(ran)).toBe(false);
    rmSync(ran, { force: true });
  });
});
