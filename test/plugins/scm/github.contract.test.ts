import { scmContract } from "../../contracts/scm.js";
import { signGitHubPayload } from "../../../src/plugins/scm/github/webhook-signature.js";
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
    webhook: {
      about: (branch, pr) =>
        Buffer.from(
          JSON.stringify({
            action: "synchronize",
            repository: { full_name: "acme/widgets" },
            pull_request: { number: pr, head: { ref: branch } },
          }),
        ),
      headers: (secret, body) => ({
        "x-github-event": "pull_request",
        "x-hub-signature-256": signGitHubPayload(secret, body),
      }),
    },
    cleanup: () => Promise.resolve(),
  };
});
