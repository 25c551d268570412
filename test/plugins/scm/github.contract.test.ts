import { scmContract } from "../../contracts/scm.js";
import { makeGitHubScmFixture } from "./github-fixture.js";

// scm/github against the fake GitHub, whose git side is the test's real bare origin.
scmContract("github (fake GitHub server)", async () => {
  const fixture = await makeGitHubScmFixture();
  return {
    scm: fixture.scm(),
    baseBranch: "main",
    checkout: (branch) => Promise.resolve(fixture.checkout(branch)),
    commit: (worktree) => Promise.resolve(void fixture.commit(worktree)),
    remoteHead: (branch) => Promise.resolve(fixture.remoteHead(branch)),
    setCi: (pr, ci) => Promise.resolve(fixture.setCi(pr, ci)),
    setReview: (pr, review) => Promise.resolve(fixture.setReview(pr, review)),
    cleanup: () => Promise.resolve(),
  };
});
