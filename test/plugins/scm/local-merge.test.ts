import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { isAoError } from "../../../src/core/errors.js";
import type { MergeMethod, PullRequest } from "../../../src/core/slots/index.js";
import type { LocalScm } from "../../../src/plugins/scm/local.js";
import { runGit } from "../../helpers/git-repo.js";
import { commitFiles, headOf, makeLocalScmFixture, type LocalScmFixture } from "./local-fixture.js";

async function opened(
  fixture: LocalScmFixture,
  branch: string,
  files: Record<string, string>,
  options: Record<string, unknown> = {},
): Promise<{ scm: LocalScm; pr: PullRequest; worktree: string }> {
  const scm = await fixture.scm(options);
  const worktree = fixture.worktree(branch, files);
  await scm.push(worktree, branch);
  const pr = await scm.openPullRequest({ branch, base: "main", title: `Add ${branch}`, body: "Why: tests." });
  return { scm, pr, worktree };
}

async function rejection(scm: LocalScm, pr: PullRequest, sha: string, method: MergeMethod = "merge") {
  const error: unknown = await scm.merge(pr, { sha, method }).then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!isAoError(error)) throw new Error(`expected a rejection, got ${String(error)}`);
  expect(error.code).toBe("E_MERGE_REJECTED");
  expect((await scm.observe([pr])).get(pr.number)?.state).toBe("open");
  return error;
}

const parentsOf = (repo: string, ref: string) =>
  runGit(repo, ["rev-list", "--parents", "-n", "1", ref]).split(" ").slice(1);

describe("scm/local merge", () => {
  it("fast-forwards the main checkout when main has not moved", async () => {
    const fixture = makeLocalScmFixture();
    const { scm, pr } = await opened(fixture, "feat/ff", { "ff.txt": "ff\n" });
    await scm.merge(pr, { sha: pr.headSha, method: "squash" });
    expect(headOf(fixture.repo, "main")).toBe(pr.headSha);
    expect(readFileSync(join(fixture.repo, "ff.txt"), "utf8")).toBe("ff\n");
    expect(runGit(fixture.repo, ["status", "--porcelain"])).toBe("");
    expect((await scm.findPullRequest("feat/ff"))?.state).toBe("merged");
    const again = await scm.merge(pr, { sha: pr.headSha, method: "merge" }).catch((e: unknown) => e);
    expect(isAoError(again) && again.message).toMatch(/it is merged/);
  });

  it("makes a merge commit when main moved on, with both sides in the checkout", async () => {
    const fixture = makeLocalScmFixture();
    const { scm, pr } = await opened(fixture, "feat/mc", { "branch.txt": "b\n" });
    const mainBefore = commitFiles(fixture.repo, { "main.txt": "m\n" }, "main moves");
    await scm.merge(pr, { sha: pr.headSha, method: "merge" });
    expect(parentsOf(fixture.repo, "main")).toEqual([mainBefore, pr.headSha]);
    expect(runGit(fixture.repo, ["log", "-1", "--format=%s"])).toBe("Merge branch 'feat/mc' (#1)");
    expect(readFileSync(join(fixture.repo, "branch.txt"), "utf8")).toBe("b\n");
    expect(readFileSync(join(fixture.repo, "main.txt"), "utf8")).toBe("m\n");
    expect(runGit(fixture.repo, ["status", "--porcelain"])).toBe("");
  });

  it("merges with a merge commit when no method is asked for", async () => {
    const fixture = makeLocalScmFixture();
    const { scm, pr } = await opened(fixture, "feat/default", { "branch.txt": "b\n" });
    const mainBefore = commitFiles(fixture.repo, { "main.txt": "m\n" }, "main moves");
    await scm.merge(pr, { sha: pr.headSha });
    expect(parentsOf(fixture.repo, "main")).toEqual([mainBefore, pr.headSha]);
    expect(runGit(fixture.repo, ["log", "-1", "--format=%s"])).toBe("Merge branch 'feat/default' (#1)");
  });

  it("squashes into one commit with the title, also instead of a fast-forward when told to", async () => {
    const fixture = makeLocalScmFixture();
    const { scm, pr, worktree } = await opened(
      fixture,
      "feat/sq",
      { "one.txt": "1\n" },
      { fastForward: false },
    );
    commitFiles(worktree, { "two.txt": "2\n" });
    const head = headOf(fixture.repo, "feat/sq")!;
    const mainBefore = headOf(fixture.repo, "main")!;
    await scm.merge(pr, { sha: head, method: "squash" });
    expect(parentsOf(fixture.repo, "main")).toEqual([mainBefore]);
    expect(runGit(fixture.repo, ["log", "-1", "--format=%s%n%b"])).toBe("Add feat/sq (#1)\nWhy: tests.");
    expect(runGit(fixture.repo, ["rev-parse", "main^{tree}"])).toBe(
      runGit(fixture.repo, ["rev-parse", `${head}^{tree}`]),
    );
  });

  it("refuses a rebase merge it could only do by rewriting the branch", async () => {
    const fixture = makeLocalScmFixture();
    const { scm, pr } = await opened(fixture, "feat/rb", { "rb.txt": "rb\n" });
    commitFiles(fixture.repo, { "main.txt": "m\n" }, "main moves");
    const error = await rejection(scm, pr, pr.headSha, "rebase");
    expect(error.hint).toMatch(/merge or squash/);
  });

  it("refuses a dirty main checkout, and one that is not on the base branch", async () => {
    const fixture = makeLocalScmFixture();
    const { scm, pr } = await opened(fixture, "feat/dirty", { "d.txt": "d\n" });
    writeFileSync(join(fixture.repo, "README.md"), "edited by a person\n");
    const dirty = await rejection(scm, pr, pr.headSha);
    expect(dirty.message).toMatch(/uncommitted changes \(README\.md\)/);
    expect(readFileSync(join(fixture.repo, "README.md"), "utf8")).toBe("edited by a person\n");

    runGit(fixture.repo, ["checkout", "-q", "--", "README.md"]);
    writeFileSync(join(fixture.repo, "untracked.txt"), "does not block\n");
    runGit(fixture.repo, ["switch", "-q", "-c", "elsewhere"]);
    const away = await rejection(scm, pr, pr.headSha);
    expect(away.message).toMatch(/is on elsewhere, not on main/);
    expect(away.hint).toContain("switch main");

    runGit(fixture.repo, ["switch", "-q", "main"]);
    await scm.merge(pr, { sha: pr.headSha, method: "merge" });
    expect(headOf(fixture.repo, "main")).toBe(pr.headSha);
  });

  it("reports conflicts by file in observe and refuses to merge them", async () => {
    const fixture = makeLocalScmFixture();
    const { scm, pr } = await opened(fixture, "feat/conflict", {
      "README.md": "branch version\n",
      "ok.txt": "x\n",
    });
    const clean = (await scm.observe([pr])).get(pr.number);
    expect(clean).toMatchObject({ mergeable: true, conflicts: false });
    const mainBefore = commitFiles(fixture.repo, { "README.md": "main version\n" }, "main edits README");
    const seen = (await scm.observe([pr])).get(pr.number);
    expect(seen).toMatchObject({ mergeable: false, conflicts: true, conflictingFiles: ["README.md"] });
    const error = await rejection(scm, pr, pr.headSha, "squash");
    expect(error.message).toMatch(/conflicts with main in README\.md/);
    expect(error.details).toMatchObject({ conflicts: ["README.md"] });
    expect(headOf(fixture.repo, "main")).toBe(mainBefore);
    expect(runGit(fixture.repo, ["status", "--porcelain"])).toBe("");
  });

  it("refuses a head it was not shown (the head-SHA guard)", async () => {
    const fixture = makeLocalScmFixture();
    const { scm, pr, worktree } = await opened(fixture, "feat/moved", { "a.txt": "a\n" });
    const newer = commitFiles(worktree, { "b.txt": "b\n" });
    const error = await rejection(scm, pr, pr.headSha);
    expect(error.message).toContain(`its head moved to ${newer}`);
    expect(headOf(fixture.repo, "main")).not.toBe(newer);
    await scm.merge(pr, { sha: newer, method: "merge" });
    expect(headOf(fixture.repo, "main")).toBe(newer);
  });

  it("refuses an unknown pull request", async () => {
    const fixture = makeLocalScmFixture();
    const scm = await fixture.scm();
    await expect(scm.merge({ number: 5 }, { sha: "0".repeat(40), method: "merge" })).rejects.toMatchObject({
      code: "E_MERGE_REJECTED",
    });
  });
});
