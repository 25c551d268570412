import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { FakeWorkspace } from "../fakes/workspace.js";
import { makeTestRepo } from "../helpers/git-repo.js";
import { makeTempDir } from "../helpers/temp-dir.js";
import { workspaceContract } from "./workspace.js";

function makeFakeSubject() {
  const workspace = new FakeWorkspace();
  const project = { id: "app", path: makeTestRepo().dir, defaultBranch: "main" };
  return Promise.resolve({
    workspace,
    project,
    baseDir: makeTempDir("ao-worktrees-"),
    commit: (path: string) => Promise.resolve(workspace.commit(path)),
    branchOf: (path: string) => Promise.resolve(workspace.branchOf(path)),
    branchExists: (branch: string) => Promise.resolve(workspace.hasBranch(project.id, branch)),
    cleanup: () => Promise.resolve(),
  });
}

workspaceContract("fake", makeFakeSubject);

describe("FakeWorkspace controls", () => {
  it("lists uncommitted files and records destroyed workspaces", async () => {
    const subject = await makeFakeSubject();
    const info = await subject.workspace.create({
      project: subject.project,
      sessionId: "s-1",
      branch: "b",
      baseDir: subject.baseDir,
    });
    writeFileSync(join(info.path, "new.txt"), "x");
    expect(subject.workspace.uncommitted(info.path)).toEqual(["new.txt"]);
    subject.workspace.commit(info.path);
    expect(subject.workspace.uncommitted(info.path)).toEqual([]);
    await subject.workspace.destroy(info.path, { force: false });
    expect(subject.workspace.destroyed).toEqual([info.path]);
  });
});
