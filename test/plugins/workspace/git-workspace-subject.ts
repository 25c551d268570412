import type { PluginDefinition } from "../../../src/core/registry/define-plugin.js";
import type { WorkspaceSubject } from "../../contracts/workspace.js";
import { runGit } from "../../helpers/git-repo.js";
import { makeWorkspaceFixture, branchExists } from "./workspace-fixture.js";

/** A real repository with a bare origin, for running a git-backed workspace plugin through the contract. */
export async function makeGitWorkspaceSubject(
  plugin: PluginDefinition<"workspace", Record<string, never>>,
): Promise<WorkspaceSubject> {
  const fixture = makeWorkspaceFixture();
  const project = fixture.spec("unused", "unused").project;
  return {
    workspace: await plugin.create({}, fixture.ctx),
    project,
    baseDir: fixture.baseDir,
    commit: (path, message) => {
      runGit(path, ["add", "-A"]);
      runGit(path, ["commit", "-q", "-m", message]);
      return Promise.resolve();
    },
    branchOf: (path) => Promise.resolve(runGit(path, ["symbolic-ref", "--short", "HEAD"])),
    branchExists: (branch) => Promise.resolve(branchExists(project.path, branch)),
    // Temp dirs (repository and AO_HOME) are removed by makeTempDir after each test.
    cleanup: () => Promise.resolve(),
  };
}
