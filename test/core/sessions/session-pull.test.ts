import { describe, expect, it } from "vitest";
import { openSessionForge, sessionPull } from "../../../src/core/sessions/session-pull.js";
import type {
  PullRequest,
  PullRequestObservation,
  PullRequestState,
  Scm,
} from "../../../src/core/slots/index.js";
import { FakeScm } from "../../fakes/scm.js";
import { makeLocalModeFixture } from "./local-mode-fixture.js";

/** A session on `feat/x` whose forge is a FakeScm, for the test to open and close PRs on. */
async function withForge() {
  const forge = new FakeScm();
  const fixture = makeLocalModeFixture({ scmYaml: "scm: forge", extraScm: { forge } });
  const worktree = fixture.session("app-1", "feat/x", { "x.txt": "x\n" });
  await forge.push(worktree, "feat/x");
  const open = () =>
    forge.openPullRequest({ branch: "feat/x", base: "main", title: "X", body: "Why: tests." });
  const pull = async () => sessionPull(await openSessionForge(fixture.ctx, "app-1", fixture.configPath));
  return { forge, fixture, open, pull };
}

function pullRequest(number: number, branch: string): PullRequest {
  const url = `https://forge.invalid/pull/${number}`;
  return { number, url, branch, base: "main", title: "X", state: "open", draft: false, headSha: "abc" };
}

function observation(number: number, state: PullRequestState): PullRequestObservation {
  return {
    number,
    state,
    headSha: "abc",
    ci: { state: "none", failing: [] },
    review: { decision: "none", threads: [] },
    mergeable: true,
  };
}

describe("sessionPull", () => {
  it("prefers the branch's newest pull request over a closed one recorded on the session", async () => {
    const { forge, fixture, open, pull } = await withForge();
    const first = await open();
    fixture.linkPull("app-1", first.number, first.url);
    forge.close(first.number);
    const second = await open();

    expect(await pull()).toMatchObject({ number: second.number, url: second.url, branch: "feat/x" });
  });

  it("keeps the recorded pull request while it is open and the branch's newest one is closed", async () => {
    // A person reopened the older PR after closing a newer one: FakeScm cannot reopen, so say it here.
    const states = new Map<number, PullRequestState>([
      [1, "open"],
      [2, "closed"],
    ]);
    const forge: Scm = {
      push: () => Promise.resolve(),
      findPullRequest: (branch) =>
        Promise.resolve({ ...pullRequest(2, branch), state: states.get(2) ?? "closed" }),
      openPullRequest: () => Promise.reject(new Error("not used")),
      observe: (refs) =>
        Promise.resolve(
          new Map(
            refs.map((ref) => [ref.number, observation(ref.number, states.get(ref.number) ?? "closed")]),
          ),
        ),
      merge: () => Promise.resolve(),
    };
    const fixture = makeLocalModeFixture({ scmYaml: "scm: forge", extraScm: { forge } });
    fixture.session("app-1", "feat/x", { "x.txt": "x\n" });
    fixture.linkPull("app-1", 1, "https://forge.invalid/pull/1");
    const pull = async () => sessionPull(await openSessionForge(fixture.ctx, "app-1", fixture.configPath));

    expect(await pull()).toEqual({ number: 1, branch: "feat/x", url: "https://forge.invalid/pull/1" });
    states.set(1, "closed");
    expect(await pull()).toMatchObject({ number: 2, branch: "feat/x" });
  });

  it("uses the recorded number when the forge finds nothing for the branch", async () => {
    const { fixture, pull } = await withForge();
    fixture.linkPull("app-1", 12, "https://forge.invalid/pull/12");
    expect(await pull()).toEqual({ number: 12, branch: "feat/x", url: "https://forge.invalid/pull/12" });
  });
});
