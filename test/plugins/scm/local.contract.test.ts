import { join } from "node:path";
import { scmContract } from "../../contracts/scm.js";
import { runGit } from "../../helpers/git-repo.js";
import { makeTempDir } from "../../helpers/temp-dir.js";
import { commitFiles, headOf, makeLocalScmFixture } from "./local-fixture.js";

let commits = 0;
const nextCommit = (checkout: string) =>
  void commitFiles(checkout, { [`change-${String(++commits)}.txt`]: `${String(commits)}\n` });

// No remote at all. Checkouts are separate clones (as workspace/clone makes them), so the branch
// reaches the project's repository only when scm.push copies it there: that is the "remote".
scmContract("local (no remote, clone checkouts)", async () => {
  const fixture = makeLocalScmFixture({ origin: false });
  const clones = makeTempDir("ao-clones-");
  return {
    scm: await fixture.scm(),
    baseBranch: "main",
    checkout: (branch) => {
      const path = join(clones, branch.replaceAll("/", "-"));
      runGit(clones, ["clone", "-q", fixture.repo, path]);
      runGit(path, ["checkout", "-q", "-b", branch]);
      nextCommit(path);
      return Promise.resolve(path);
    },
    commit: (worktree) => Promise.resolve(nextCommit(worktree)),
    remoteHead: (branch) => Promise.resolve(headOf(fixture.repo, `refs/heads/${branch}`)),
    cleanup: () => Promise.resolve(),
  };
});

// A bare origin and pushToOrigin: worktrees share the repository's refs, and push also publishes
// the branch to origin.
scmContract("local (pushToOrigin, worktree checkouts)", async () => {
  const fixture = makeLocalScmFixture({ origin: true });
  return {
    scm: await fixture.scm({ pushToOrigin: true }),
    baseBranch: "main",
    checkout: (branch) => Promise.resolve(fixture.worktree(branch)),
    commit: (worktree) => Promise.resolve(nextCommit(worktree)),
    remoteHead: (branch) => Promise.resolve(headOf(fixture.origin!, `refs/heads/${branch}`)),
    cleanup: () => Promise.resolve(),
  };
});
