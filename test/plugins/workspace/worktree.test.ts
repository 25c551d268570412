import { existsSync, lstatSync, mkdirSync, readFileSync, readlinkSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { AoError } from "../../../src/core/errors.js";
import type { Workspace } from "../../../src/core/slots/workspace.js";
import { plugin } from "../../../src/plugins/workspace/worktree.js";
import { runGit } from "../../helpers/git-repo.js";
import {
  advanceOrigin,
  branchExists,
  isCheckout,
  makeWorkspaceFixture,
  worktreePaths,
  type WorkspaceFixture,
} from "./workspace-fixture.js";

async function setUp(
  options: Parameters<typeof makeWorkspaceFixture>[0] = {},
): Promise<WorkspaceFixture & { workspace: Workspace }> {
  const fixture = makeWorkspaceFixture(options);
  return { ...fixture, workspace: await plugin.create({}, fixture.ctx) };
}

async function rejection(promise: Promise<unknown>): Promise<AoError> {
  const error: unknown = await promise.then(
    () => undefined,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(AoError);
  return error as AoError;
}

describe("workspace/worktree create", () => {
  it("creates a locked worktree on a new branch from a freshly fetched origin/<default>", async () => {
    const { repo, workspace, spec, baseDir } = await setUp();
    const originHead = advanceOrigin(repo);
    const info = await workspace.create(spec("app-1", "feat/1-login"));
    expect(info).toEqual({ path: join(baseDir, "app-1"), branch: "feat/1-login", base: "origin/main" });
    expect(runGit(info.path, ["rev-parse", "HEAD"])).toBe(originHead);
    expect(runGit(info.path, ["symbolic-ref", "--short", "HEAD"])).toBe("feat/1-login");
    // No upstream: the session branch does not push to or pull from main by accident.
    expect(() => runGit(repo.dir, ["config", "--get", "branch.feat/1-login.merge"])).toThrow();
    expect(runGit(repo.dir, ["worktree", "list", "--porcelain"])).toContain("locked ao app-1");
    expect(await workspace.exists(info.path)).toBe(true);
  });

  it("falls back to the local default branch when there is no origin, and says so", async () => {
    const { repo, workspace, spec, ctx } = await setUp();
    runGit(repo.dir, ["remote", "remove", "origin"]);
    const info = await workspace.create(spec("app-1", "ao/task"));
    expect(info.base).toBe("main");
    expect(runGit(info.path, ["rev-parse", "HEAD"])).toBe(runGit(repo.dir, ["rev-parse", "main"]));
    expect(ctx.stderr.text()).toContain("branching from local main");
  });

  it("falls back to the local default branch when origin cannot be reached", async () => {
    const { repo, workspace, spec, ctx } = await setUp();
    runGit(repo.dir, ["remote", "set-url", "origin", join(repo.dir, "no-such-remote.git")]);
    const info = await workspace.create(spec("app-1", "ao/offline"));
    expect(info.base).toBe("main");
    expect(ctx.stderr.text()).toMatch(/git ls-remote origin failed: fatal: .*no-such-remote/);
  });

  it("never reuses an existing branch, local or on origin: it appends -2, -3, …", async () => {
    const { repo, workspace, spec } = await setUp();
    runGit(repo.dir, ["branch", "feat/x"]);
    runGit(repo.dir, ["branch", "feat/x-2"]);
    advanceOrigin(repo, "feat/y"); // only on origin, never fetched into this checkout
    expect((await workspace.create(spec("app-1", "feat/x"))).branch).toBe("feat/x-3");
    expect((await workspace.create(spec("app-2", "feat/y"))).branch).toBe("feat/y-2");
    expect((await workspace.create(spec("app-3", "feat/x-2"))).branch).toBe("feat/x-2-2");
  });

  it("rejects a session whose workspace already exists", async () => {
    const { workspace, spec } = await setUp();
    await workspace.create(spec("app-1", "a"));
    const error = await rejection(workspace.create(spec("app-1", "b")));
    expect(error.code).toBe("E_EXISTS");
    expect(branchExists(spec("x", "x").project.path, "b")).toBe(false);
  });

  it(
    "runs 10 creates in parallel in one repository, all with distinct branches",
    { timeout: 180_000 },
    async () => {
      const { repo, workspace, spec } = await setUp();
      const ids = Array.from({ length: 10 }, (_, i) => `app-${String(i + 1)}`);
      const infos = await Promise.all(ids.map((id) => workspace.create(spec(id, "feat/same"))));
      const branches = infos.map((info) => info.branch).sort();
      expect(new Set(branches).size).toBe(10);
      expect(branches).toContain("feat/same");
      expect(branches).toContain("feat/same-10");
      for (const info of infos) expect(isCheckout(info.path)).toBe(true);
      expect(worktreePaths(repo.dir)).toHaveLength(11);
    },
  );
});

describe("workspace/worktree setup steps", () => {
  it("links symlinks, copies copies, keeps both out of git status, and runs postCreate", async () => {
    const { repo, workspace, spec, ctx } = await setUp({
      files: { "README.md": "x\n", ".gitignore": "node_modules/\n.env\n" },
    });
    mkdirSync(join(repo.dir, "node_modules", "left-pad"), { recursive: true });
    writeFileSync(join(repo.dir, ".env"), "TOKEN=abc\n");
    const info = await workspace.create(
      spec("app-1", "ao/setup", {
        symlinks: ["node_modules"],
        copy: [".env"],
        postCreate: [`node -e "require('fs').writeFileSync('made.txt', process.cwd())"`],
      }),
    );
    expect(readlinkSync(join(info.path, "node_modules"))).toBe(join(repo.dir, "node_modules"));
    expect(lstatSync(join(info.path, ".env")).isSymbolicLink()).toBe(false);
    expect(readFileSync(join(info.path, ".env"), "utf8")).toBe("TOKEN=abc\n");
    expect(readFileSync(join(info.path, "made.txt"), "utf8")).toBe(info.path);
    expect(ctx.stderr.text()).toContain("postCreate: node -e require('fs')");
    // made.txt is the only thing git sees; the symlink is excluded although `node_modules/` does not match it.
    expect(runGit(info.path, ["status", "--porcelain"])).toBe("?? made.txt");
    // Destroying the worktree removes the link, never what it points to.
    rmSync(join(info.path, "made.txt"));
    await workspace.destroy(info.path, { force: false });
    expect(existsSync(join(repo.dir, "node_modules", "left-pad"))).toBe(true);
    expect(existsSync(join(repo.dir, ".env"))).toBe(true);
  });

  it("rolls back everything when a postCreate command fails", async () => {
    const { repo, workspace, spec, baseDir } = await setUp();
    const error = await rejection(
      workspace.create(spec("app-1", "ao/broken", { postCreate: ["node -e process.exit(3)"] })),
    );
    expect(error.code).toBe("E_WORKSPACE_FAILED");
    expect(error.message).toContain("exited with 3");
    expect(error.message).toContain("removed again");
    expect(existsSync(join(baseDir, "app-1"))).toBe(false);
    expect(branchExists(repo.dir, "ao/broken")).toBe(false);
    expect(worktreePaths(repo.dir)).toEqual([repo.dir]);
  });

  it("keeps a branch that moved before the rollback: it holds commits this create did not make (issue 18)", async () => {
    const { repo, workspace, spec } = await setUp();
    const commitThenFail = [
      "git -c user.name=t -c user.email=t@t commit -q --allow-empty -m kept-work",
      "node -e process.exit(3)",
    ];
    const error = await rejection(
      workspace.create(spec("app-1", "ao/moved", { postCreate: commitThenFail })),
    );
    expect(error.code).toBe("E_WORKSPACE_FAILED");
    expect(worktreePaths(repo.dir)).toEqual([repo.dir]);
    expect(branchExists(repo.dir, "ao/moved")).toBe(true);
    expect(runGit(repo.dir, ["log", "-1", "--format=%s", "ao/moved"])).toBe("kept-work");
  });

  it("rolls back when a symlink source is missing", async () => {
    const { repo, workspace, spec, baseDir } = await setUp();
    const error = await rejection(
      workspace.create(spec("app-1", "ao/nolink", { symlinks: ["node_modules"] })),
    );
    expect(error.code).toBe("E_WORKSPACE_FAILED");
    expect(existsSync(join(baseDir, "app-1"))).toBe(false);
    expect(branchExists(repo.dir, "ao/nolink")).toBe(false);
  });

  it("refuses a postCreate command that needs a shell before creating anything", async () => {
    const { repo, workspace, spec } = await setUp();
    const error = await rejection(
      workspace.create(spec("app-1", "ao/shell", { postCreate: ["npm ci && npm test"] })),
    );
    expect(error.code).toBe("E_CONFIG_INVALID");
    expect(branchExists(repo.dir, "ao/shell")).toBe(false);
  });
});

describe("workspace/worktree destroy and restore", () => {
  it("refuses to destroy uncommitted or untracked work unless forced, and keeps the branch", async () => {
    const { repo, workspace, spec } = await setUp();
    const info = await workspace.create(spec("app-1", "ao/work"));
    writeFileSync(join(info.path, "README.md"), "changed\n");
    expect((await rejection(workspace.destroy(info.path, { force: false }))).code).toBe("E_WORKSPACE_DIRTY");
    runGit(info.path, ["checkout", "--", "README.md"]);
    writeFileSync(join(info.path, "new-file.txt"), "untracked\n");
    const untracked = await rejection(workspace.destroy(info.path, { force: false }));
    expect(untracked.code).toBe("E_WORKSPACE_DIRTY");
    expect(untracked.message).toContain("new-file.txt");
    expect(untracked.hint).toContain("--force");
    await workspace.destroy(info.path, { force: true });
    expect(existsSync(info.path)).toBe(false);
    expect(branchExists(repo.dir, "ao/work")).toBe(true);
    expect(worktreePaths(repo.dir)).toEqual([repo.dir]);
    expect(await workspace.exists(info.path)).toBe(false);
    await workspace.destroy(info.path, { force: false }); // already gone: fine
  });

  it("destroys a clean worktree without force and keeps its commits on the branch", async () => {
    const { repo, workspace, spec } = await setUp();
    const info = await workspace.create(spec("app-1", "ao/done"));
    writeFileSync(join(info.path, "feature.txt"), "done\n");
    runGit(info.path, ["add", "feature.txt"]);
    runGit(info.path, ["commit", "-q", "-m", "feature"]);
    const head = runGit(info.path, ["rev-parse", "HEAD"]);
    await workspace.destroy(info.path, { force: false });
    expect(runGit(repo.dir, ["rev-parse", "ao/done"])).toBe(head);
  });

  it("restores a worktree whose directory was deleted, on the same branch and commit", async () => {
    const { repo, workspace, spec } = await setUp();
    const info = await workspace.create(spec("app-1", "ao/keep"));
    runGit(info.path, ["commit", "-q", "--allow-empty", "-m", "session work"]);
    const head = runGit(info.path, ["rev-parse", "HEAD"]);
    rmSync(info.path, { recursive: true, force: true });
    expect(await workspace.exists(info.path)).toBe(false);
    const restored = await workspace.restore(spec("app-1", "ao/keep"));
    expect(restored).toEqual({ path: info.path, branch: "ao/keep" });
    expect(runGit(restored.path, ["rev-parse", "HEAD"])).toBe(head);
    expect(worktreePaths(repo.dir)).toEqual([repo.dir, info.path]);
    // A checkout that is there is returned untouched.
    expect(await workspace.restore(spec("app-1", "ao/keep"))).toEqual(restored);
  });

  it("forgets worktrees deleted by hand on the next create, keeping their branches", async () => {
    const { repo, workspace, spec } = await setUp();
    const gone = await workspace.create(spec("app-1", "ao/gone"));
    rmSync(gone.path, { recursive: true, force: true });
    await workspace.destroy(gone.path, { force: false }); // nothing left to remove: fine
    const next = await workspace.create(spec("app-2", "ao/next"));
    expect(worktreePaths(repo.dir)).toEqual([repo.dir, next.path]);
    expect(branchExists(repo.dir, "ao/gone")).toBe(true);
    runGit(repo.dir, ["checkout", "-q", "ao/gone"]); // no longer "checked out" in a missing directory
  });

  it("restores from origin when only origin still has the branch, and fails clearly when nobody has it", async () => {
    const { repo, workspace, spec } = await setUp();
    const pushed = advanceOrigin(repo, "ao/remote-only");
    const restored = await workspace.restore(spec("app-1", "ao/remote-only"));
    expect(runGit(restored.path, ["rev-parse", "HEAD"])).toBe(pushed);
    expect((await rejection(workspace.restore(spec("app-2", "ao/nowhere")))).code).toBe("E_NOT_FOUND");
  });
});
