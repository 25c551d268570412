import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { AoError } from "../../../src/core/errors.js";
import { createExec } from "../../../src/core/exec.js";
import { plugin as clonePlugin } from "../../../src/plugins/workspace/clone.js";
import { plugin } from "../../../src/plugins/workspace/worktree.js";
import { runGit } from "../../helpers/git-repo.js";
import { makeTempDir } from "../../helpers/temp-dir.js";
import { branchExists, makeWorkspaceFixture, worktreePaths } from "./workspace-fixture.js";

/** The plugin with extra environment for every git it runs (a PATH with a wrapper, a trace file). */
async function setUp(env: Record<string, string> = {}) {
  const fixture = makeWorkspaceFixture();
  const exec = createExec(fixture.ctx.logger, { ...fixture.ctx.env, ...env });
  const ctx = { ...fixture.ctx, exec };
  return { ...fixture, exec, workspace: await plugin.create({}, ctx) };
}

async function rejection(promise: Promise<unknown>): Promise<AoError> {
  const error: unknown = await promise.then(
    () => undefined,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(AoError);
  return error as AoError;
}

/** A `git` first on PATH that says every error in words no version of git uses. */
function gitSpeakingOtherWords(): string {
  const dir = makeTempDir("ao-git-words-");
  const wrapper = join(dir, "git");
  const script = [
    "#!/bin/bash",
    `"${realGit()}" "$@" 2> >(sed -E 's/.+/erreur: ça ne va pas/' >&2)`,
    "rc=$?",
    "wait",
    "exit $rc",
  ];
  writeFileSync(wrapper, `${script.join("\n")}\n`);
  chmodSync(wrapper, 0o755);
  return dir;
}

function realGit(): string {
  for (const dir of (process.env["PATH"] ?? "").split(":")) {
    if (dir !== "" && existsSync(join(dir, "git"))) return join(dir, "git");
  }
  throw new Error("git is not installed on this machine");
}

describe("workspace/worktree create: races and failures", () => {
  it("gives parallel creates of one name their own branches and deletes none of them", async () => {
    const { repo, workspace, spec, exec } = await setUp({
      PATH: `${gitSpeakingOtherWords()}:${process.env["PATH"] ?? ""}`,
    });
    const said = await exec("git", ["rev-parse", "--verify", "no-such-ref"], {
      cwd: repo.dir,
      reject: false,
    });
    expect(said.stderr).toBe("erreur: ça ne va pas"); // the wrapper is the git ao runs
    const base = runGit(repo.dir, ["rev-parse", "origin/main"]);
    const infos = await Promise.all(
      ["app-1", "app-2", "app-3"].map((id) => workspace.create(spec(id, "ao/same"))),
    );
    expect(infos.map((info) => info.branch).sort()).toEqual(["ao/same", "ao/same-2", "ao/same-3"]);
    for (const info of infos) {
      expect(branchExists(repo.dir, info.branch)).toBe(true);
      expect(runGit(info.path, ["symbolic-ref", "--short", "HEAD"])).toBe(info.branch);
      expect(runGit(info.path, ["rev-parse", "HEAD"])).toBe(base);
    }
    // No tracking set up: update-ref makes a bare branch.
    expect(() => runGit(repo.dir, ["config", "--get", "branch.ao/same.merge"])).toThrow();
  });

  it("removes the worktree before its branch when a post-checkout hook fails, so a retry works", async () => {
    const { repo, workspace, spec, baseDir } = await setUp();
    const hook = join(repo.dir, ".git", "hooks", "post-checkout");
    mkdirSync(join(repo.dir, ".git", "hooks"), { recursive: true });
    writeFileSync(hook, "#!/bin/sh\necho 'hook says no' >&2\nexit 2\n");
    chmodSync(hook, 0o755);
    const error = await rejection(workspace.create(spec("app-1", "ao/hooked")));
    expect(error.message).toContain("hook says no");
    expect(worktreePaths(repo.dir)).toEqual([repo.dir]);
    expect(existsSync(join(baseDir, "app-1"))).toBe(false);
    expect(branchExists(repo.dir, "ao/hooked")).toBe(false);
    rmSync(hook);
    const info = await workspace.create(spec("app-1", "ao/hooked"));
    expect(info.branch).toBe("ao/hooked");
    expect(worktreePaths(repo.dir)).toEqual([repo.dir, info.path]);
  });

  it("asks origin for branches only, not every ref it has", async () => {
    const trace = join(makeTempDir("ao-trace-"), "packets.txt");
    const { repo, workspace, spec } = await setUp({ GIT_TRACE_PACKET: trace });
    runGit(repo.dir, ["push", "-q", "origin", "HEAD:refs/pull/1/head"]);
    await workspace.create(spec("app-1", "ao/heads"));
    const packets = readFileSync(trace, "utf8");
    expect(packets).toContain("ref-prefix refs/heads/");
    expect(packets).not.toContain("refs/pull/1/head");
  });
});

describe.each([
  ["worktree", plugin],
  ["clone", clonePlugin],
])("workspace/%s create in a project path that is not a repository", (_name, workspacePlugin) => {
  it("says the project's directory is missing, not that git is", async () => {
    const { ctx, spec } = makeWorkspaceFixture();
    const workspace = await workspacePlugin.create({}, ctx);
    const missing = join(makeTempDir("ao-gone-"), "no-such-project");
    const project = { id: "app", path: missing, defaultBranch: "main" };
    const error = await rejection(workspace.create(spec("app-1", "ao/x", { project })));
    expect(error.code).toBe("E_NOT_FOUND");
    expect(error.message).toContain(missing);
    expect(error.hint).toContain("`path` in agent-orchestrator.yaml");
  });

  it("says a directory that is no repository is not one", async () => {
    const { ctx, spec } = makeWorkspaceFixture();
    const workspace = await workspacePlugin.create({}, ctx);
    const plain = makeTempDir("ao-plain-");
    const project = { id: "app", path: plain, defaultBranch: "main" };
    const error = await rejection(workspace.create(spec("app-1", "ao/x", { project })));
    expect(error.code).toBe("E_NOT_A_REPO");
    expect(error.message).toContain(plain);
  });
});
