import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { PullRequest } from "../../../src/core/slots/index.js";
import type { LocalScm } from "../../../src/plugins/scm/local.js";
import { plugin } from "../../../src/plugins/scm/local.js";
import { LOG_TAIL_LINES, RUNNER_CHECK } from "../../../src/plugins/scm/local/ci-status.js";
import { eventually } from "../../contracts/eventually.js";
import { runGit } from "../../helpers/git-repo.js";
import { commitFiles, makeLocalScmFixture, type LocalScmFixture } from "./local-fixture.js";

/** Prints 100 numbered lines, then fails or passes as the file says. */
const checkScript = (exitCode: number) =>
  `for (let i = 0; i < 100; i++) console.log("line " + i);\nconsole.error("check says ${exitCode === 0 ? "ok" : "boom"}");\nprocess.exit(${String(exitCode)});\n`;

const HANG = `node -e "setInterval(() => {}, 1000)"`;

/** Processes a test started on purpose and must not outlive it (a hung CI command). */
const strays: number[] = [];
afterEach(() => {
  for (const pid of strays.splice(0)) {
    try {
      process.kill(-pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
});

async function openWithCi(
  fixture: LocalScmFixture,
  ci: string[],
  files: Record<string, string>,
  extra: Record<string, unknown> = {},
): Promise<{ scm: LocalScm; pr: PullRequest; worktree: string }> {
  const scm = await fixture.scm({ ci, ...extra });
  const worktree = fixture.worktree("feat/ci", files);
  await scm.push(worktree, "feat/ci");
  const pr = await scm.openPullRequest({ branch: "feat/ci", base: "main", title: "CI", body: "" });
  return { scm, pr, worktree };
}

const ciOf = async (scm: LocalScm, pr: PullRequest) => (await scm.observe([pr])).get(pr.number)!;
const runDir = (fixture: LocalScmFixture, sha: string) =>
  join(fixture.ctx.paths.projects, "app", "ci", "feat~ci", sha);

describe("scm/local CI", () => {
  it("is pending while running, then failing with the command and its log tail; a fixing commit passes", async () => {
    const fixture = makeLocalScmFixture();
    const ci = [`node -e "console.log('first ok')"`, "node check.js", `node -e "console.log('never runs')"`];
    const { scm, pr, worktree } = await openWithCi(fixture, ci, { "check.js": checkScript(1) });

    const first = await ciOf(scm, pr);
    expect(first.ci).toEqual({ state: "pending", failing: [] });
    const failed = await eventually(async () => {
      const seen = await ciOf(scm, pr);
      return seen.ci.state === "failing" ? seen : undefined;
    }, "the first run to fail");
    expect(failed.headSha).toBe(pr.headSha);
    expect(failed.ci.failing).toHaveLength(1);
    const [check] = failed.ci.failing;
    expect(check!.name).toBe("node check.js");
    expect(check!.logTail).toContain("check says boom");
    expect(check!.logTail).toContain("line 99");
    expect(check!.logTail).not.toContain("line 1\n");
    expect(check!.logTail!.split("\n").length).toBeLessThanOrEqual(LOG_TAIL_LINES);

    const fixed = commitFiles(worktree, { "check.js": checkScript(0) }, "fix the check");
    const pending = await ciOf(scm, pr);
    expect(pending).toMatchObject({ headSha: fixed, ci: { state: "pending" } });
    await eventually(async () => (await ciOf(scm, pr)).ci.state === "passing", "the fixed run to pass");

    const runs = await scm.ciRuns("feat/ci");
    expect(runs.map((run) => [run.sha, run.state])).toEqual([
      [fixed, "passing"],
      [pr.headSha, "failing"],
    ]);
    expect(runs[1]!.checks.map((c) => [c.name, c.state])).toEqual([
      [ci[0], "passing"],
      [ci[1], "failing"],
      [ci[2], "skipped"],
    ]);
    // Output is kept per run: one log per command that ran, and the result.
    const failedRun = runDir(fixture, pr.headSha);
    expect(readFileSync(join(failedRun, "1.log"), "utf8")).toContain("first ok");
    expect(existsSync(join(failedRun, "3.log"))).toBe(false);
    expect(JSON.parse(readFileSync(join(failedRun, "result.json"), "utf8"))).toMatchObject({
      state: "failing",
    });
    expect(await scm.ciLog("feat/ci", pr.headSha)).toMatch(
      /^\$ node -e[\s\S]*first ok[\s\S]*check says boom/,
    );
    expect(await scm.ciLog("feat/ci", fixed)).toContain("check says ok");
  });

  it("reports a run whose process died as failing, with the reason, not pending forever", async () => {
    const fixture = makeLocalScmFixture();
    const { scm, pr } = await openWithCi(fixture, [HANG], {});
    expect((await ciOf(scm, pr)).ci.state).toBe("pending");
    const dir = runDir(fixture, pr.headSha);
    const runner = await eventually(() => {
      const run = JSON.parse(readFileSync(join(dir, "run.json"), "utf8")) as { owner: { pid: number } };
      return run.owner.pid !== process.pid && existsSync(join(dir, "1.pid")) ? run.owner.pid : undefined;
    }, "the runner to start the command");
    const command = Number(readFileSync(join(dir, "1.pid"), "utf8"));
    strays.push(command, runner);
    expect((await ciOf(scm, pr)).ci.state).toBe("pending");

    process.kill(runner, "SIGKILL");
    const seen = await eventually(async () => {
      const observed = await ciOf(scm, pr);
      return observed.ci.state === "failing" ? observed : undefined;
    }, "the crashed run to be reported");
    expect(seen.ci.failing[0]!.name).toBe(HANG);
    expect(seen.ci.failing[0]!.logTail).toMatch(/stopped before it finished: its process \d+ is gone/);
    const [run] = await scm.ciRuns("feat/ci");
    expect(run).toMatchObject({ state: "failing", reason: expect.stringMatching(/is gone/) as unknown });
  });

  it("kills a command that runs past ciTimeout and fails it", async () => {
    const fixture = makeLocalScmFixture();
    const { scm, pr } = await openWithCi(fixture, [HANG], {}, { ciTimeout: "1s" });
    const seen = await eventually(async () => {
      const observed = await ciOf(scm, pr);
      return observed.ci.state === "failing" ? observed : undefined;
    }, "the run to time out");
    expect(seen.ci.failing[0]).toMatchObject({
      name: HANG,
      logTail: expect.stringContaining("timed out") as unknown,
    });
  });

  it("fails a command that does not exist, and has nowhere to run once the worktree is gone", async () => {
    const fixture = makeLocalScmFixture();
    const { scm, pr, worktree } = await openWithCi(fixture, ["ao-no-such-command --flag"], {});
    const seen = await eventually(async () => {
      const observed = await ciOf(scm, pr);
      return observed.ci.state === "failing" ? observed : undefined;
    }, "the run to fail");
    expect(seen.ci.failing[0]!.logTail).toContain("cannot start ao-no-such-command");

    runGit(fixture.repo, ["worktree", "remove", "--force", worktree]);
    // A new head that no checkout has: committed straight into the repository.
    const head = runGit(fixture.repo, [
      "commit-tree",
      "feat/ci^{tree}",
      "-p",
      "feat/ci",
      "-m",
      "no checkout",
    ]);
    runGit(fixture.repo, ["branch", "-q", "-f", "feat/ci", head]);
    const orphan = await ciOf(scm, pr);
    expect(orphan.headSha).toBe(head);
    expect(orphan.ci.failing[0]).toMatchObject({
      name: RUNNER_CHECK,
      logTail: expect.stringContaining("no checkout") as unknown,
    });
  });

  it("reports none without CI commands, and rejects commands that need a shell", async () => {
    const fixture = makeLocalScmFixture();
    const { scm, pr } = await openWithCi(fixture, [], {});
    expect((await ciOf(scm, pr)).ci).toEqual({ state: "none", failing: [] });
    const parsed = plugin.options.safeParse({ ci: ["npm test", "npm test | tee out.txt"] });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]).toMatchObject({
      path: ["ci", 1],
      message: expect.stringMatching(/ci command "npm test \| tee out.txt": `\|` needs a shell/) as unknown,
    });
    await expect(scm.ciLog("feat/ci", pr.headSha)).rejects.toMatchObject({ code: "E_NOT_FOUND" });
  });
});
