import { describe, expect, it } from "vitest";
import { isAoError } from "../../../src/core/errors.js";
import { reviewSession } from "../../../src/core/sessions/review-session.js";
import { sessionCiLog, sessionCiRuns } from "../../../src/core/sessions/session-ci.js";
import type { Scm } from "../../../src/core/slots/index.js";
import { eventually } from "../../contracts/eventually.js";
import { commitFiles, makeLocalModeFixture } from "./local-mode-fixture.js";

const CHECK = `console.log("checking login");\nconsole.error("expected 200, got 500");\nprocess.exit(3);\n`;
const PASS = `console.log("all good");\n`;

describe("ao ci (core, local mode)", () => {
  it("lists runs newest first with checks and exit codes, and prints a run's whole log", async () => {
    const fixture = makeLocalModeFixture({ ci: ["node check.js", "node -e 0"] });
    const worktree = fixture.session("app-1", "feat/ci", { "check.js": CHECK });
    const pr = await fixture.openPull("feat/ci", worktree);
    const options = { configPath: fixture.configPath };
    const scm = await fixture.scm();
    const settled = async (sha: string) =>
      eventually(async () => {
        const seen = (await scm.observe([{ number: pr.number, branch: "feat/ci" }])).get(pr.number);
        return seen?.headSha === sha && seen.ci.state !== "pending" ? seen : undefined;
      }, `CI of ${sha}`);

    await settled(pr.headSha);
    const fixed = commitFiles(worktree, { "check.js": PASS }, "fix");
    await settled(fixed);

    const { runs, branch } = await sessionCiRuns(fixture.ctx, "app-1", options);
    expect(branch).toBe("feat/ci");
    expect(runs.map((run) => [run.sha, run.state])).toEqual([
      [fixed, "passing"],
      [pr.headSha, "failing"],
    ]);
    expect(runs[1]?.checks.map((check) => [check.name, check.state, check.exitCode])).toEqual([
      ["node check.js", "failing", 3],
      ["node -e 0", "skipped", undefined],
    ]);
    expect(runs[1]?.finishedAt).toBeDefined();

    const latest = await sessionCiLog(fixture.ctx, "app-1", options);
    expect(latest.sha).toBe(fixed);
    expect(latest.log).toContain("all good");
    const failed = await sessionCiLog(fixture.ctx, "app-1", { ...options, sha: pr.headSha.slice(0, 8) });
    expect(failed.sha).toBe(pr.headSha);
    expect(failed.log).toContain("$ node check.js");
    expect(failed.log).toContain("expected 200, got 500");
  });

  it("says when there is no run yet, or none at a sha", async () => {
    const fixture = makeLocalModeFixture({ ci: ["node -e 0"] });
    fixture.session("app-1", "feat/none", { "a.txt": "a\n" });
    const options = { configPath: fixture.configPath };
    expect((await sessionCiRuns(fixture.ctx, "app-1", options)).runs).toEqual([]);
    const none = await sessionCiLog(fixture.ctx, "app-1", options).catch((e: unknown) => e);
    expect(isAoError(none) && [none.code, none.message]).toEqual([
      "E_NOT_FOUND",
      "app-1 has no CI run yet (branch feat/none)",
    ]);
    const unknown = await sessionCiLog(fixture.ctx, "app-1", { ...options, sha: "abc" }).catch(
      (e: unknown) => e,
    );
    expect(isAoError(unknown) && unknown.hint).toBe("`ao ci app-1` lists its runs");
  });
});

describe("ao ci and ao review with a forge that keeps its own CI and reviews", () => {
  it("points at the pull request's own pages", async () => {
    const forge: Scm = {
      push: () => Promise.resolve(),
      findPullRequest: () => Promise.resolve(null),
      openPullRequest: () => Promise.reject(new Error("not used")),
      observe: () => Promise.resolve(new Map()),
      merge: () => Promise.resolve(),
    };
    const fixture = makeLocalModeFixture({ scmYaml: "scm: forge", extraScm: { forge } });
    fixture.session("app-1", "feat/gh", { "a.txt": "a\n" });
    fixture.linkPull("app-1", 12, "https://github.com/acme/app/pull/12");
    const options = { configPath: fixture.configPath };
    const ci = await sessionCiRuns(fixture.ctx, "app-1", options).catch((e: unknown) => e);
    expect(isAoError(ci) && [ci.code, ci.message, ci.hint]).toEqual([
      "E_USAGE",
      "scm/forge keeps no CI runs ao can show",
      "see app-1's CI at https://github.com/acme/app/pull/12/checks",
    ]);
    const review = await reviewSession(fixture.ctx, "app-1", { approve: true }, options).catch(
      (e: unknown) => e,
    );
    expect(isAoError(review) && review.hint).toBe(
      "review app-1's pull request at https://github.com/acme/app/pull/12",
    );
  });
});
