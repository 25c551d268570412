import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { plugin as localScm, type LocalScm } from "../../src/plugins/scm/local.js";
import type { CiRun, ReviewThread } from "../../src/core/slots/index.js";
import { runGit } from "../helpers/git-repo.js";
import { makeTestContext } from "../helpers/test-context.js";
import { eventually } from "../contracts/eventually.js";
import { makeE2e, type E2e } from "./e2e-fixture.js";

const CI = ["node check.js"];
const FAILING = `console.log("checking the login page");\nconsole.error("login: expected 200, got 500");\nprocess.exit(2);\n`;
const PASSING = `console.log("login: ok");\n`;

/**
 * What the lifecycle does for a session in local mode (push, open the pull request, observe it so
 * its CI runs), done in-process on the same AO_HOME: these tests are about the commands a person
 * types, so they do not depend on a daemon running.
 */
async function lifecycleScm(e2e: E2e): Promise<LocalScm> {
  const ctx = makeTestContext({ home: e2e.home, cwd: e2e.repo.dir, env: { PATH: e2e.env.PATH } });
  const project = { id: "app", path: e2e.repo.dir, defaultBranch: "main" };
  return (await localScm.create(localScm.options.parse({ ci: CI }), {
    ...ctx,
    baseDir: e2e.configDir,
    project,
  })) as LocalScm;
}

function commit(checkout: string, files: Record<string, string>, message: string): string {
  for (const [path, content] of Object.entries(files)) writeFileSync(join(checkout, path), content);
  runGit(checkout, ["add", "--", ...Object.keys(files)]);
  runGit(checkout, ["commit", "-q", "-m", message]);
  return runGit(checkout, ["rev-parse", "HEAD"]);
}

function json<T>(run: { exitCode: number; stdout: string; stderr: string }): T {
  expect(run.exitCode, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as T;
}

describe("local mode commands end to end (ao issue, ci, review, merge)", () => {
  it(
    "files an issue, spawns on it, shows failing CI, reviews, refuses a dirty merge and merges",
    { timeout: 240_000 },
    async () => {
      const e2e = makeE2e();
      runGit(e2e.repo.dir, ["config", "user.name", "Ada Reviewer"]);
      e2e.writeConfig(`tracker: local\nscm:\n  plugin: local\n  ci: ${JSON.stringify(CI)}`);

      // ao issue new, then ao issue ls --json finds it.
      const filed = json<{ project: string; issue: { id: string } }>(
        e2e.ao([
          "issue",
          "new",
          "Fix the login check",
          "--body",
          "It returns 500.",
          "--label",
          "bug",
          "--json",
        ]),
      );
      expect(filed).toMatchObject({ project: "app", issue: { id: "1" } });
      const listed = json<{ issues: { id: string; title: string; labels: string[] }[] }>(
        e2e.ao(["issue", "ls", "--label", "bug", "--json"]),
      );
      expect(listed.issues).toEqual([expect.objectContaining({ id: "1", title: "Fix the login check" })]);
      expect(e2e.ao(["issue", "show", "1"]).stdout).toContain("It returns 500.");

      // Before the session has a pull request, review says so.
      const spawned = e2e.ao(["spawn", "app", "1"]);
      expect(spawned.exitCode, spawned.stderr).toBe(0);
      const worktree = e2e.worktree("app-1");
      const branch = runGit(worktree, ["rev-parse", "--abbrev-ref", "HEAD"]);
      const early = e2e.ao(["review", "app-1", "--approve"]);
      expect(early.exitCode).toBe(1);
      expect(early.stderr).toContain(`app-1 has no pull request yet (branch ${branch})`);

      // The agent commits a failing change; the lifecycle opens the PR and CI runs.
      const broken = commit(worktree, { "check.js": FAILING }, "add the login check");
      const scm = await lifecycleScm(e2e);
      await scm.push(worktree, branch);
      const pr = await scm.openPullRequest({ branch, base: "main", title: "Fix the login check", body: "" });
      const failed = await waitForCi(scm, pr.number, branch, broken);
      expect(failed).toBe("failing");

      const ci = json<{ runs: CiRun[] }>(e2e.ao(["ci", "app-1", "--json"]));
      expect(ci.runs.map((run) => [run.sha, run.state])).toEqual([[broken, "failing"]]);
      expect(ci.runs[0]?.checks[0]).toMatchObject({ name: "node check.js", state: "failing", exitCode: 2 });
      const table = e2e.ao(["ci", "app-1"]);
      expect(table.stdout).toContain(`${broken.slice(0, 12)}  failing`);
      const log = e2e.ao(["ci", "app-1", "--log"]);
      expect(log.exitCode, log.stderr).toBe(0);
      expect(log.stdout).toContain("$ node check.js");
      expect(log.stdout).toContain("login: expected 200, got 500");
      const red = e2e.ao(["merge", "app-1"]);
      expect(red.exitCode).toBe(1);
      expect(red.stderr).toContain("was not merged: its CI is failing (node check.js)");
      expect(red.stderr).toContain("ao merge app-1 --force");

      // A person requests changes on a line; observe reports the thread the reaction would send.
      const requested = json<{ thread: ReviewThread }>(
        e2e.ao([
          "review",
          "app-1",
          "--request-changes",
          "return 200 for a valid login",
          "--file",
          "check.js",
          "--line",
          "3",
          "--json",
        ]),
      );
      const seen = (await scm.observe([{ number: pr.number, branch }])).get(pr.number);
      expect(seen?.review.decision).toBe("changes_requested");
      expect(seen?.review.threads).toEqual([
        expect.objectContaining({
          id: requested.thread.id,
          body: "return 200 for a valid login",
          path: "check.js",
          line: 3,
          author: "Ada Reviewer",
        }),
      ]);

      // The agent fixes it; the person resolves the thread and approves.
      const fixed = commit(worktree, { "check.js": PASSING }, "fix the login check");
      expect(await waitForCi(scm, pr.number, branch, fixed)).toBe("passing");
      expect(e2e.ao(["review", "app-1", "--resolve", requested.thread.id]).exitCode).toBe(0);
      const approved = e2e.ao(["review", "app-1", "--approve", "--body", "thanks"]);
      expect(approved.exitCode, approved.stderr).toBe(0);
      expect(approved.stdout).toBe(`app-1: approved pull request #${String(pr.number)}\n`);
      const review = (await scm.observe([{ number: pr.number, branch }])).get(pr.number)?.review;
      expect(review).toEqual({ decision: "approved", threads: [] });

      // A dirty main checkout blocks the merge, and nothing is lost.
      const mainBefore = runGit(e2e.repo.dir, ["rev-parse", "main"]);
      writeFileSync(join(e2e.repo.dir, "README.md"), "my unsaved notes\n");
      const refused = e2e.ao(["merge", "app-1"]);
      expect(refused.exitCode).toBe(1);
      expect(refused.stderr).toContain("app-1: pull request #1 was not merged:");
      expect(refused.stderr).toContain("has uncommitted changes (README.md)");
      expect(refused.stderr).toContain("hint: commit or stash them, then merge again");
      expect(readFileSync(join(e2e.repo.dir, "README.md"), "utf8")).toBe("my unsaved notes\n");
      expect(runGit(e2e.repo.dir, ["rev-parse", "main"])).toBe(mainBefore);

      // Clean again: the merge lands the change on main of the main checkout.
      runGit(e2e.repo.dir, ["checkout", "--", "README.md"]);
      const merged = json<{ sha: string; method?: string; pr: { number: number } }>(
        e2e.ao(["merge", "app-1", "--json"]),
      );
      // No --method: scm/local's own (merge, here a fast-forward); the result names only an asked one.
      expect(merged).toMatchObject({ sha: fixed, pr: { number: pr.number } });
      expect(merged.method).toBeUndefined();
      expect(runGit(e2e.repo.dir, ["rev-parse", "main"])).toBe(fixed);
      expect(readFileSync(join(e2e.repo.dir, "check.js"), "utf8")).toBe(PASSING);
      expect((await scm.findPullRequest(branch))?.state).toBe("merged");
      // The session ends merged at once (no lifecycle ran): not ci_failed in ao status any more.
      type Listed = { sessions: { id: string; status: string }[] };
      const active = json<Listed>(e2e.ao(["status", "--json"])).sessions;
      expect(active.find((session) => session.id === "app-1")).toBeUndefined();
      const all = json<Listed>(e2e.ao(["session", "ls", "--all", "--json"])).sessions;
      expect(all.find((session) => session.id === "app-1")?.status).toBe("merged");

      expect(e2e.ao(["session", "kill", "app-1"]).exitCode).toBe(0);
    },
  );

  it("explains what is missing instead of failing obscurely", { timeout: 120_000 }, () => {
    const e2e = makeE2e();
    e2e.writeConfig("tracker: local\nscm: local");
    const unknown = e2e.ao(["merge", "app-7"]);
    expect(unknown.exitCode).toBe(1);
    expect(unknown.stderr).toContain("error: no session app-7");
    const usage = e2e.ao(["review", "app-7", "--approve", "--comment", "x"]);
    expect(usage.exitCode).toBe(2);
    expect(usage.stderr).toContain(
      "give exactly one of --approve, --request-changes, --comment or --resolve",
    );
    const method = e2e.ao(["merge", "app-7", "--method", "octopus"]);
    expect(method.exitCode).toBe(2);
    expect(method.stderr).toContain("use one of: merge, squash, rebase");
    const none = json<{ issues: unknown[] }>(e2e.ao(["issue", "ls", "--state", "all", "--json"]));
    expect(none.issues).toEqual([]);
  });
});

/** Observes the pull request (as each lifecycle cycle does) until CI of `sha` has a result. */
async function waitForCi(scm: LocalScm, number: number, branch: string, sha: string): Promise<string> {
  return eventually(
    async () => {
      const seen = (await scm.observe([{ number, branch }])).get(number);
      return seen?.headSha === sha && seen.ci.state !== "pending" ? seen.ci.state : undefined;
    },
    `CI of ${sha}`,
    60_000,
  );
}
