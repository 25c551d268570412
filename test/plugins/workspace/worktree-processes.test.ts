import { rmSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Exec } from "../../../src/core/exec.js";
import { plugin } from "../../../src/plugins/workspace/worktree.js";
import { runGit } from "../../helpers/git-repo.js";
import { advanceOrigin, branchExists, makeWorkspaceFixture, worktreePaths } from "./workspace-fixture.js";

/** Every git call starts with this pair (no repository-controlled program runs: src/core/git.ts). */
const NO_FSMONITOR = ["-c", "core.fsmonitor=false"];

/**
 * How many git processes a create runs. The plugin gets a context whose exec records every argv
 * (without the leading NO_FSMONITOR pair, which `withoutFsmonitor` checks is there) and may act just
 * before a command runs (`before`), to stage a race at an exact moment.
 */
async function setUp(before: (argv: string[]) => void = () => undefined) {
  const fixture = makeWorkspaceFixture();
  const calls: string[][] = [];
  const exec: Exec = (file, args, options) => {
    const argv = [file, ...withoutFsmonitor(args)];
    calls.push(argv);
    before(argv);
    return fixture.ctx.exec(file, args, options);
  };
  const workspace = await plugin.create({}, { ...fixture.ctx, exec });
  const head = (ref: string): string => runGit(fixture.repo.dir, ["rev-parse", ref]);
  return { ...fixture, workspace, calls, head };
}

function withoutFsmonitor(args: readonly string[]): string[] {
  expect(args.slice(0, 2)).toEqual(NO_FSMONITOR);
  return args.slice(2);
}

const planArgv = (wanted: string): string[][] => [
  [
    "git",
    "ls-remote",
    "--heads",
    "origin",
    "refs/heads/main",
    `refs/heads/${wanted}`,
    `refs/heads/${wanted}-*`,
  ],
  [
    "git",
    "for-each-ref",
    "--format=%(objectname) %(refname)",
    "refs/remotes/origin/main",
    "refs/heads/main",
    `refs/heads/${wanted}`,
    `refs/heads/${wanted}-*`,
    `refs/remotes/origin/${wanted}`,
    `refs/remotes/origin/${wanted}-*`,
  ],
];

const createArgv = (branch: string, session: string, base: string, label = "origin/main"): string[] => [
  ...["git", "update-ref", "-m", `ao ${session}: branch from ${label}`, `refs/heads/${branch}`, base, ""],
];

const addArgv = (path: string, branch: string, session: string): string[] => [
  ...["git", "worktree", "add", "--quiet", "--lock", "--reason", `ao ${session}`, path, branch],
];

const isWorktreeAdd = (argv: string[]): boolean => argv[1] === "worktree" && argv[2] === "add";
const isUpdateRef = (argv: string[]): boolean => argv[1] === "update-ref";

describe("workspace/worktree create: git processes", () => {
  it("runs ls-remote and for-each-ref, then update-ref and worktree add, when origin is unchanged", async () => {
    const { workspace, spec, calls, head, baseDir } = await setUp();
    const info = await workspace.create(spec("app-1", "feat/1"));
    expect(info).toMatchObject({ branch: "feat/1", base: "origin/main" });
    const path = join(baseDir, "app-1");
    expect(calls).toEqual([
      ...planArgv("feat/1"),
      createArgv("feat/1", "app-1", head("origin/main")),
      addArgv(path, "feat/1", "app-1"),
    ]);
  });

  it("fetches only when origin moved, and the next session starts from origin's new commit", async () => {
    const { repo, workspace, spec, calls, head } = await setUp();
    const first = await workspace.create(spec("app-1", "feat/a"));
    const pushed = advanceOrigin(repo);
    calls.length = 0;
    const second = await workspace.create(spec("app-2", "feat/b"));
    expect(runGit(first.path, ["rev-parse", "HEAD"])).not.toBe(pushed);
    expect(runGit(second.path, ["rev-parse", "HEAD"])).toBe(pushed);
    expect(head("refs/remotes/origin/main")).toBe(pushed);
    expect(calls.slice(2)).toEqual([
      [
        ...["git", "-c", "core.filesRefLockTimeout=30000", "-c", "core.packedRefsTimeout=30000"],
        ...["-c", "maintenance.auto=false", "fetch", "--quiet", "--no-tags", "origin"],
        "+refs/heads/main:refs/remotes/origin/main",
      ],
      ["git", "rev-parse", "--verify", "--quiet", "refs/remotes/origin/main^{commit}"],
      createArgv("feat/b", "app-2", pushed),
      addArgv(second.path, "feat/b", "app-2"),
    ]);
  });

  it("falls back to the local default branch when origin is unreachable, and says why", async () => {
    const { repo, workspace, spec, ctx, calls, head } = await setUp();
    runGit(repo.dir, ["remote", "set-url", "origin", join(repo.dir, "no-such-remote.git")]);
    runGit(repo.dir, ["commit", "-q", "--allow-empty", "-m", "local only"]);
    const info = await workspace.create(spec("app-1", "ao/offline"));
    expect(info.base).toBe("main");
    expect(runGit(info.path, ["rev-parse", "HEAD"])).toBe(head("main"));
    expect(ctx.stderr.text()).toContain("branching from local main, not origin/main (git ls-remote origin");
    // The remote URL is asked for only after ls-remote failed, to tell "no origin" from "unreachable".
    expect(calls.map((argv) => argv[1])).toEqual([
      ...["ls-remote", "for-each-ref", "config", "update-ref", "worktree"],
    ]);
    expect(calls[3]).toEqual(createArgv("ao/offline", "app-1", head("main"), "main"));
  });

  it("takes the next name when the branch appeared between the check and the lock", async () => {
    let staged = false;
    const fixture = await setUp((argv) => {
      if (!isUpdateRef(argv) || staged) return;
      staged = true;
      runGit(fixture.repo.dir, ["branch", "feat/race", "main"]); // someone else's, made just now
    });
    const { workspace, spec, calls, baseDir, head } = fixture;
    const theirs = head("main");
    const info = await workspace.create(spec("app-1", "feat/race"));
    expect(info.branch).toBe("feat/race-2");
    expect(head("feat/race")).toBe(theirs);
    const path = join(baseDir, "app-1");
    expect(calls.slice(2)).toEqual([
      createArgv("feat/race", "app-1", head("origin/main")),
      ["git", "for-each-ref", "--format=%(refname)", ...planArgv("feat/race")[1]!.slice(5)],
      createArgv("feat/race-2", "app-1", head("origin/main")),
      addArgv(path, "feat/race-2", "app-1"),
    ]);
  });

  it("forgets a vanished worktree still registered at the path, and retries on the same branch", async () => {
    let staged = false;
    const fixture = await setUp((argv) => {
      if (!isWorktreeAdd(argv) || staged) return;
      staged = true;
      const path = join(fixture.baseDir, "app-1");
      runGit(fixture.repo.dir, ["worktree", "add", "-q", "--lock", "-b", "someone/else", path]);
      rmSync(path, { recursive: true, force: true });
    });
    const { repo, workspace, spec, calls } = fixture;
    const info = await workspace.create(spec("app-1", "feat/v"));
    expect(info.branch).toBe("feat/v");
    expect(branchExists(repo.dir, "someone/else")).toBe(true);
    expect(worktreePaths(repo.dir)).toEqual([repo.dir, info.path]);
    expect(calls.slice(2).map((argv) => argv.slice(1, 3).join(" "))).toEqual([
      "update-ref -m",
      "worktree add",
      "worktree list", // the add failed and the path is absent: is it registered to a vanished worktree?
      "worktree unlock",
      "worktree prune",
      "worktree add",
    ]);
  });
});
