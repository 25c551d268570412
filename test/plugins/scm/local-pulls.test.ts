import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { isAoError } from "../../../src/core/errors.js";
import { createPluginRegistry } from "../../../src/core/registry/plugin-registry.js";
import { builtinCatalog } from "../../../src/plugins/builtin-catalog.js";
import { plugin } from "../../../src/plugins/scm/local.js";
import { eventually } from "../../contracts/eventually.js";
import { runGit } from "../../helpers/git-repo.js";
import { makeTempDir } from "../../helpers/temp-dir.js";
import { makeTestContext } from "../../helpers/test-context.js";
import { commitFiles, headOf, makeLocalScmFixture } from "./local-fixture.js";

async function failure(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  const error: unknown = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!isAoError(error)) throw new Error(`expected an AoError, got ${String(error)}`);
  return { code: error.code, message: error.message };
}

describe("scm/local push", () => {
  it("has nothing to copy from a worktree: the branch already lives in the repository", async () => {
    const fixture = makeLocalScmFixture();
    const scm = await fixture.scm();
    const worktree = fixture.worktree("feat/shared");
    await scm.push(worktree, "feat/shared");
    expect(headOf(fixture.repo, "refs/heads/feat/shared")).toBe(headOf(worktree, "HEAD"));
    expect(runGit(fixture.repo, ["remote"])).toBe("");
    const error = await failure(scm.push(worktree, "feat/never-made"));
    expect(error.code).toBe("E_NOT_FOUND");
  });

  it("copies a clone's branch into the repository, and refuses rewritten history", async () => {
    const fixture = makeLocalScmFixture();
    const scm = await fixture.scm();
    const clone = join(makeTempDir("ao-clone-"), "c");
    runGit(fixture.repo, ["clone", "-q", fixture.repo, clone]);
    runGit(clone, ["checkout", "-q", "-b", "feat/cloned"]);
    const head = commitFiles(clone, { "a.txt": "a\n" });
    expect(headOf(fixture.repo, "refs/heads/feat/cloned")).toBeNull();
    await scm.push(clone, "feat/cloned");
    expect(headOf(fixture.repo, "refs/heads/feat/cloned")).toBe(head);
    runGit(clone, ["commit", "-q", "--amend", "-m", "rewritten"]);
    await expect(scm.push(clone, "feat/cloned")).rejects.toThrow(/does not fast-forward/);
    expect(headOf(fixture.repo, "refs/heads/feat/cloned")).toBe(head);
  });

  it("refuses pushToOrigin when there is no origin", async () => {
    const fixture = makeLocalScmFixture();
    const scm = await fixture.scm({ pushToOrigin: true });
    const worktree = fixture.worktree("feat/x");
    expect((await failure(scm.push(worktree, "feat/x"))).code).toBe("E_CONFIG_INVALID");
  });
});

describe("scm/local pull requests", () => {
  it("numbers pull requests opened at the same moment distinctly, with a file:// URL to the record", async () => {
    const fixture = makeLocalScmFixture();
    const scm = await fixture.scm();
    const branches = ["p/1", "p/2", "p/3", "p/4", "p/5"];
    for (const branch of branches) fixture.worktree(branch);
    const prs = await Promise.all(
      branches.map((branch) => scm.openPullRequest({ branch, base: "main", title: branch, body: "" })),
    );
    expect(prs.map((pr) => pr.number).sort()).toEqual([1, 2, 3, 4, 5]);
    for (const pr of prs) {
      const record = JSON.parse(readFileSync(fileURLToPath(pr.url), "utf8")) as { branch: string };
      expect(record.branch).toBe(pr.branch);
    }
    expect(fileURLToPath(prs[0]!.url).startsWith(join(fixture.ctx.paths.projects, "app", "local-scm"))).toBe(
      true,
    );
  });

  it("refuses a second open pull request for a branch, and a branch that is not in the repository", async () => {
    const fixture = makeLocalScmFixture();
    const scm = await fixture.scm();
    fixture.worktree("feat/once");
    await scm.openPullRequest({ branch: "feat/once", base: "main", title: "t", body: "" });
    const again = scm.openPullRequest({ branch: "feat/once", base: "main", title: "t", body: "" });
    expect((await failure(again)).code).toBe("E_EXISTS");
    const missing = scm.openPullRequest({ branch: "feat/none", base: "main", title: "t", body: "" });
    expect((await failure(missing)).code).toBe("E_NOT_FOUND");
  });

  it("sees a pull request merged by hand and a branch deleted by hand", async () => {
    const fixture = makeLocalScmFixture();
    const scm = await fixture.scm();
    fixture.worktree("feat/by-hand");
    const worktree = fixture.worktree("feat/deleted");
    const merged = await scm.openPullRequest({ branch: "feat/by-hand", base: "main", title: "t", body: "" });
    const deleted = await scm.openPullRequest({ branch: "feat/deleted", base: "main", title: "t", body: "" });
    runGit(fixture.repo, ["merge", "-q", "--ff-only", "feat/by-hand"]);
    runGit(fixture.repo, ["worktree", "remove", "--force", worktree]);
    runGit(fixture.repo, ["branch", "-q", "-D", "feat/deleted"]);
    const seen = await scm.observe([merged, deleted]);
    expect(seen.get(merged.number)?.state).toBe("merged");
    expect(seen.get(deleted.number)).toMatchObject({ state: "closed", headSha: deleted.headSha });
    expect((await scm.findPullRequest("feat/by-hand"))?.state).toBe("merged");
  });

  it("needs the project it serves", async () => {
    const fixture = makeLocalScmFixture();
    const { project: _project, ...withoutProject } = fixture.ctx;
    const created = Promise.resolve().then(() => plugin.create(plugin.options.parse({}), withoutProject));
    expect((await failure(created)).code).toBe("E_CONFIG_INVALID");
  });
});

describe("scm/local reviews", () => {
  it("records threads and a decision that observe reports until threads are resolved", async () => {
    const fixture = makeLocalScmFixture();
    const scm = await fixture.scm();
    fixture.worktree("feat/review");
    const pr = await scm.openPullRequest({ branch: "feat/review", base: "main", title: "t", body: "" });
    const observed = async () => (await scm.observe([pr])).get(pr.number)!.review;
    expect(await observed()).toEqual({ decision: "none", threads: [] });

    const thread = await scm.review(pr, { requestChanges: "rename this", path: "src/a.ts", line: 3 });
    expect(thread).toMatchObject({ body: "rename this", path: "src/a.ts", line: 3, author: "Ada Reviewer" });
    const comment = await scm.review(pr, { comment: "nice otherwise" });
    expect(await observed()).toEqual({
      decision: "changes_requested",
      threads: [
        { ...thread, isBot: false },
        { ...comment, isBot: false },
      ],
    });

    await scm.resolveThread(pr, thread!.id);
    expect(await scm.review(pr, { approve: true })).toBeUndefined();
    expect(await observed()).toEqual({ decision: "approved", threads: [{ ...comment, isBot: false }] });
    await scm.resolveThread(pr, thread!.id); // resolving twice is fine
    expect((await failure(scm.resolveThread(pr, "99-1"))).code).toBe("E_NOT_FOUND");
  });

  it("refuses empty comments, a line without a file, and unknown pull requests", async () => {
    const fixture = makeLocalScmFixture();
    const scm = await fixture.scm();
    fixture.worktree("feat/r");
    const pr = await scm.openPullRequest({ branch: "feat/r", base: "main", title: "t", body: "" });
    expect((await failure(scm.review(pr, { requestChanges: "  " }))).code).toBe("E_USAGE");
    expect((await failure(scm.review(pr, { comment: "x", line: 2 }))).code).toBe("E_USAGE");
    expect((await failure(scm.review({ number: 42 }, { approve: true }))).code).toBe("E_NOT_FOUND");
    expect(existsSync(join(fixture.ctx.paths.projects, "app", "local-scm", "pulls", "1", "events"))).toBe(
      false,
    );
  });
});

describe("scm/local through the registry", () => {
  it("resolves from the built-in catalog for a project, capabilities included, and checks ci commands", async () => {
    const fixture = makeLocalScmFixture();
    const ctx = makeTestContext({ catalog: builtinCatalog, cwd: fixture.repo, home: fixture.ctx.paths.home });
    const registry = createPluginRegistry(ctx, { project: fixture.ctx.project });
    const scm = await registry.resolve("scm", "local", { ci: ["node --version"] });
    fixture.worktree("feat/registry");
    const pr = await scm.openPullRequest({ branch: "feat/registry", base: "main", title: "t", body: "" });
    const thread = await scm.review?.(pr, { requestChanges: "please" });
    expect((await scm.observe([pr])).get(pr.number)?.review.threads).toEqual([{ ...thread, isBot: false }]);
    await expect(registry.resolve("scm", "local", { ci: ["a > b"] })).rejects.toMatchObject({
      code: "E_PLUGIN_OPTIONS",
    });
    await eventually(async () => (await scm.observe([pr])).get(pr.number)?.ci.state === "passing", "CI");
  });
});
