import { existsSync, mkdirSync, readlinkSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { AoError } from "../../../src/core/errors.js";
import type { Workspace } from "../../../src/core/slots/workspace.js";
import { plugin } from "../../../src/plugins/workspace/clone.js";
import { runGit } from "../../helpers/git-repo.js";
import {
  advanceOrigin,
  branchExists,
  isCheckout,
  makeWorkspaceFixture,
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

describe("workspace/clone create", () => {
  it("clones into its own .git, with origin set to the project's remote and a new branch from origin/main", async () => {
    const { repo, workspace, spec, baseDir } = await setUp();
    runGit(repo.dir, ["branch", "local-only"]);
    const originHead = advanceOrigin(repo);
    const info = await workspace.create(spec("app-1", "feat/1-clone"));
    expect(info).toEqual({ path: join(baseDir, "app-1"), branch: "feat/1-clone", base: "origin/main" });
    expect(runGit(info.path, ["rev-parse", "HEAD"])).toBe(originHead);
    expect(runGit(info.path, ["symbolic-ref", "--short", "HEAD"])).toBe("feat/1-clone");
    expect(runGit(info.path, ["remote", "get-url", "origin"])).toBe(repo.origin);
    // No alternates: the clone does not depend on the person's object store.
    expect(existsSync(join(info.path, ".git", "objects", "info", "alternates"))).toBe(false);
    // The person's local branches are not presented as origin's.
    expect(runGit(info.path, ["branch", "-a", "--format=%(refname)"]).split("\n").sort()).toEqual([
      "refs/heads/feat/1-clone",
      "refs/remotes/origin/main",
    ]);
    expect(runGit(info.path, ["status", "--porcelain"])).toBe("");
    expect(await workspace.exists(info.path)).toBe(true);
    expect(branchExists(repo.dir, "feat/1-clone")).toBe(false); // the branch lives in the clone
  });

  it("falls back to the local default branch when the project has no origin", async () => {
    const { repo, workspace, spec, ctx } = await setUp();
    runGit(repo.dir, ["remote", "remove", "origin"]);
    const info = await workspace.create(spec("app-1", "ao/local"));
    expect(info.base).toBe("main");
    expect(runGit(info.path, ["rev-parse", "HEAD"])).toBe(runGit(repo.dir, ["rev-parse", "main"]));
    expect(ctx.stderr.text()).toContain("branching from local main");
  });

  it("avoids branches of the source repository, of origin and of sibling clones", async () => {
    const { repo, workspace, spec } = await setUp();
    runGit(repo.dir, ["branch", "feat/x"]);
    advanceOrigin(repo, "feat/x-2");
    expect((await workspace.create(spec("app-1", "feat/x"))).branch).toBe("feat/x-3");
    expect((await workspace.create(spec("app-2", "feat/x"))).branch).toBe("feat/x-4");
  });

  it("runs 10 creates in parallel, all with distinct branches", { timeout: 180_000 }, async () => {
    const { workspace, spec } = await setUp();
    const ids = Array.from({ length: 10 }, (_, i) => `app-${String(i + 1)}`);
    const infos = await Promise.all(ids.map((id) => workspace.create(spec(id, "feat/same"))));
    expect(new Set(infos.map((info) => info.branch)).size).toBe(10);
    for (const info of infos) expect(isCheckout(info.path)).toBe(true);
  });

  it("links, copies and rolls back like the worktree plugin", async () => {
    const { repo, workspace, spec, baseDir } = await setUp();
    mkdirSync(join(repo.dir, "node_modules"));
    writeFileSync(join(repo.dir, ".env"), "A=1\n");
    const info = await workspace.create(
      spec("app-1", "ao/ok", { symlinks: ["node_modules"], copy: [".env"] }),
    );
    expect(readlinkSync(join(info.path, "node_modules"))).toBe(join(repo.dir, "node_modules"));
    expect(runGit(info.path, ["status", "--porcelain"])).toBe("");
    writeFileSync(join(repo.dir, "node_modules", "kept.js"), "");
    await workspace.destroy(info.path, { force: true });
    expect(existsSync(join(repo.dir, "node_modules", "kept.js"))).toBe(true);
    const error = await rejection(
      workspace.create(spec("app-2", "ao/bad", { postCreate: ["node -e process.exit(4)"] })),
    );
    expect(error.code).toBe("E_WORKSPACE_FAILED");
    expect(existsSync(join(baseDir, "app-2"))).toBe(false);
    expect(branchExists(repo.dir, "ao/bad")).toBe(false);
  });
});

describe("workspace/clone destroy and restore", () => {
  it("refuses dirty work unless forced, and keeps the branch in the source repository", async () => {
    const { repo, workspace, spec } = await setUp();
    const info = await workspace.create(spec("app-1", "ao/work"));
    writeFileSync(join(info.path, "notes.txt"), "wip\n");
    expect((await rejection(workspace.destroy(info.path, { force: false }))).code).toBe("E_WORKSPACE_DIRTY");
    runGit(info.path, ["add", "notes.txt"]);
    runGit(info.path, ["commit", "-q", "-m", "notes"]);
    const head = runGit(info.path, ["rev-parse", "HEAD"]);
    writeFileSync(join(info.path, "scratch.txt"), "throw away\n");
    await workspace.destroy(info.path, { force: true });
    expect(existsSync(info.path)).toBe(false);
    expect(runGit(repo.dir, ["rev-parse", "refs/heads/ao/work"])).toBe(head);
    await workspace.destroy(info.path, { force: false }); // already gone: fine
  });

  it("refuses to destroy when the branch cannot be kept, rather than lose commits", async () => {
    const { repo, workspace, spec } = await setUp();
    const info = await workspace.create(spec("app-1", "ao/diverged"));
    runGit(info.path, ["commit", "-q", "--allow-empty", "-m", "clone work"]);
    // Someone made a different branch of the same name in the source meanwhile.
    runGit(repo.dir, ["branch", "ao/diverged"]);
    runGit(repo.dir, ["commit", "-q", "--allow-empty", "-m", "unrelated"]);
    runGit(repo.dir, ["branch", "-f", "ao/diverged", "HEAD"]);
    const error = await rejection(workspace.destroy(info.path, { force: true }));
    expect(error.code).toBe("E_WORKSPACE_FAILED");
    expect(error.hint).toContain("push");
    expect(isCheckout(info.path)).toBe(true);
  });

  it("restores a deleted clone from the branch kept in the source, or from origin", async () => {
    const { repo, workspace, spec } = await setUp();
    const info = await workspace.create(spec("app-1", "ao/keep"));
    runGit(info.path, ["commit", "-q", "--allow-empty", "-m", "session work"]);
    const head = runGit(info.path, ["rev-parse", "HEAD"]);
    await workspace.destroy(info.path, { force: false });
    const restored = await workspace.restore(spec("app-1", "ao/keep"));
    expect(restored).toEqual({ path: info.path, branch: "ao/keep" });
    expect(runGit(restored.path, ["rev-parse", "HEAD"])).toBe(head);
    expect(runGit(restored.path, ["remote", "get-url", "origin"])).toBe(repo.origin);
    expect(await workspace.restore(spec("app-1", "ao/keep"))).toEqual(restored);

    const pushed = advanceOrigin(repo, "ao/pushed");
    rmSync(join(info.path, "..", "app-2"), { recursive: true, force: true });
    const fromOrigin = await workspace.restore(spec("app-2", "ao/pushed"));
    expect(runGit(fromOrigin.path, ["rev-parse", "HEAD"])).toBe(pushed);
    expect((await rejection(workspace.restore(spec("app-3", "ao/nowhere")))).code).toBe("E_NOT_FOUND");
  });
});
