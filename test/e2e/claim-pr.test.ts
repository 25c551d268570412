import { describe, expect, it } from "vitest";
import { plugin as localScm, type LocalScm } from "../../src/plugins/scm/local.js";
import { runGit } from "../helpers/git-repo.js";
import { makeTestContext } from "../helpers/test-context.js";
import { makeE2e, type E2e } from "./e2e-fixture.js";

/** scm/local on the e2e's AO_HOME, to open the pull requests a person (or another tool) opened. */
async function scmOf(e2e: E2e): Promise<LocalScm> {
  const ctx = makeTestContext({ home: e2e.home, cwd: e2e.repo.dir, env: { PATH: e2e.env.PATH } });
  const project = { id: "app", path: e2e.repo.dir, defaultBranch: "main" };
  return (await localScm.create(localScm.options.parse({}), {
    ...ctx,
    baseDir: e2e.configDir,
    project,
  })) as LocalScm;
}

/** A branch with one commit in the main checkout, and its open local pull request. */
async function openPr(e2e: E2e, scm: LocalScm, branch: string): Promise<{ number: number; url: string }> {
  runGit(e2e.repo.dir, ["branch", branch, "main"]);
  const tree = runGit(e2e.repo.dir, ["rev-parse", `${branch}^{tree}`]);
  const commit = runGit(e2e.repo.dir, ["commit-tree", tree, "-p", branch, "-m", `work on ${branch}`]);
  runGit(e2e.repo.dir, ["update-ref", `refs/heads/${branch}`, commit]);
  return scm.openPullRequest({ branch, base: "main", title: `Work on ${branch}`, body: "" });
}

function json<T>(run: { exitCode: number; stdout: string; stderr: string }): T {
  expect(run.exitCode, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as T;
}

const SLEEPER = "agent:\n  plugin: command\n  argv: [sleep, '600']";

describe("ao session claim-pr and ao spawn --claim-pr (local mode, tmux, the built binary)", () => {
  it(
    "moves the session's checkout to the PR's branch, records the PR, and refuses it to a second session",
    { timeout: 120_000 },
    async () => {
      const e2e = makeE2e();
      e2e.writeConfig(`${SLEEPER}\nscm: local`);
      const scm = await scmOf(e2e);
      const pr = await openPr(e2e, scm, "feat/login");
      expect(e2e.ao(["spawn", "app", "Fix the login bug"]).exitCode).toBe(0);
      const before = e2e.sessions()[0]!.branch;

      const claimed = json<Record<string, unknown>>(
        e2e.ao(["session", "claim-pr", "app-1", `#${String(pr.number)}`, "--json"]),
      );
      expect(claimed).toEqual({
        session: "app-1",
        pr: pr.number,
        url: pr.url,
        branch: "feat/login",
        previousBranch: before,
        changed: true,
      });
      expect(runGit(e2e.worktree("app-1"), ["branch", "--show-current"])).toBe("feat/login");
      expect(runGit(e2e.repo.dir, ["branch", "--list", before])).toContain(before);
      const status = json<{
        sessions: {
          id: string;
          branch: string;
          status: string;
          reason: string;
          pr: { number: number } | null;
        }[];
      }>(e2e.ao(["status", "--json"]));
      expect(status.sessions[0]).toMatchObject({
        id: "app-1",
        branch: "feat/login",
        status: "pr_open",
        reason: "pr_claimed",
      });
      expect(status.sessions[0]?.pr?.number).toBe(pr.number);

      // The original's order, by URL; the same session again changes nothing.
      const again = json<{ changed: boolean }>(e2e.ao(["session", "claim-pr", pr.url, "app-1", "--json"]));
      expect(again.changed).toBe(false);

      // Held by app-1: neither a second session nor a spawn may take it, and the spawn creates nothing.
      expect(e2e.ao(["spawn", "app", "Another task"]).exitCode).toBe(0);
      const held = e2e.ao(["session", "claim-pr", "app-2", String(pr.number)]);
      expect(held.exitCode).not.toBe(0);
      expect(held.stderr).toContain(`pull request #${String(pr.number)} belongs to session app-1`);
      expect(held.stderr).toContain("ao session kill app-1");
      const spawnHeld = e2e.ao(["spawn", "app", "--claim-pr", String(pr.number)]);
      expect(spawnHeld.exitCode).not.toBe(0);
      expect(e2e.sessions().map((view) => view.id)).toEqual(["app-1", "app-2"]);
    },
  );

  it(
    "ao spawn --claim-pr starts a session on the PR's branch; closed, unknown and foreign PRs are refused",
    { timeout: 120_000 },
    async () => {
      const e2e = makeE2e();
      e2e.writeConfig(`${SLEEPER}\nscm: local`);
      const scm = await scmOf(e2e);
      const pr = await openPr(e2e, scm, "feat/cache");
      const spawned = e2e.ao(["spawn", "app", "--claim-pr", String(pr.number)]);
      expect(spawned.exitCode, spawned.stderr).toBe(0);
      expect(spawned.stderr).toContain(`app-1: claimed PR #${String(pr.number)}`);
      expect(e2e.sessions()[0]).toMatchObject({ id: "app-1", branch: "feat/cache" });
      expect(runGit(e2e.worktree("app-1"), ["branch", "--show-current"])).toBe("feat/cache");

      const unknown = e2e.ao(["spawn", "app", "--claim-pr", "99"]);
      expect(unknown.exitCode).not.toBe(0);
      expect(unknown.stderr).toContain("project app has no pull request #99");

      const foreign = e2e.ao(["session", "claim-pr", "app-1", "https://github.com/acme/other/pull/1"]);
      expect(foreign.exitCode).toBe(2);
      expect(foreign.stderr).toContain("is not a pull request of project app's repository");

      const closedPr = await openPr(e2e, scm, "feat/gone");
      runGit(e2e.repo.dir, ["branch", "-D", "feat/gone"]);
      const closed = e2e.ao(["spawn", "app", "--claim-pr", String(closedPr.number)]);
      expect(closed.exitCode).not.toBe(0);
      expect(closed.stderr).toContain(`pull request #${String(closedPr.number)} is closed`);
      expect(e2e.sessions()).toHaveLength(1);
    },
  );
});
