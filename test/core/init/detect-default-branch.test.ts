import { describe, expect, it } from "vitest";
import { detectDefaultBranch, parseLsRemote } from "../../../src/core/init/detect-default-branch.js";
import { makeTestRepo, runGit } from "../../helpers/git-repo.js";
import { makeTempDir } from "../../helpers/temp-dir.js";
import { makeTestContext } from "../../helpers/test-context.js";

describe("detectDefaultBranch", () => {
  it("reads origin's HEAD as recorded locally", async () => {
    const repo = makeTestRepo({ defaultBranch: "trunk" });
    runGit(repo.dir, ["checkout", "-q", "-b", "feature"]);
    const branch = await detectDefaultBranch(makeTestContext(), repo.dir, true);
    expect(branch).toEqual({ name: "trunk", source: "origin-head" });
  });

  it("asks the remote when origin/HEAD is not recorded", async () => {
    const repo = makeTestRepo({ defaultBranch: "develop" });
    runGit(repo.dir, ["remote", "set-head", "origin", "--delete"]);
    runGit(repo.dir, ["checkout", "-q", "-b", "feature"]);
    const branch = await detectDefaultBranch(makeTestContext(), repo.dir, true);
    expect(branch).toEqual({ name: "develop", source: "remote" });
  });

  it("falls back to the current branch when the remote cannot be reached", async () => {
    const repo = makeTestRepo({ defaultBranch: "main" });
    runGit(repo.dir, ["remote", "set-head", "origin", "--delete"]);
    runGit(repo.dir, ["checkout", "-q", "-b", "work"]);
    // Nothing listens on port 9 of localhost, so this fails at once, like being offline.
    runGit(repo.dir, ["remote", "set-url", "origin", "http://127.0.0.1:9/acme/widgets.git"]);
    const branch = await detectDefaultBranch(makeTestContext(), repo.dir, true);
    expect(branch).toEqual({ name: "work", source: "current-branch" });
  });

  it("uses the unborn branch of a fresh repository without origin", async () => {
    const dir = makeTempDir("ao-fresh-");
    runGit(dir, ["init", "-q", "--initial-branch=fresh"]);
    expect(await detectDefaultBranch(makeTestContext(), dir, false)).toEqual({
      name: "fresh",
      source: "current-branch",
    });
  });

  it("uses init.defaultBranch on a detached HEAD", async () => {
    const repo = makeTestRepo();
    runGit(repo.dir, ["remote", "remove", "origin"]);
    runGit(repo.dir, ["checkout", "-q", "--detach"]);
    runGit(repo.dir, ["config", "init.defaultBranch", "stable"]);
    expect(await detectDefaultBranch(makeTestContext(), repo.dir, false)).toEqual({
      name: "stable",
      source: "init-default",
    });
  });
});

describe("parseLsRemote", () => {
  it("reads the symref line", () => {
    expect(parseLsRemote("ref: refs/heads/trunk\tHEAD\n0123abcd\tHEAD")).toBe("trunk");
    expect(parseLsRemote("0123abcd\tHEAD")).toBeUndefined();
    expect(parseLsRemote(undefined)).toBeUndefined();
  });
});
