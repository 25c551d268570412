import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runGit } from "../helpers/git-repo.js";
import type { QueueEntryJson } from "./merge-train-fixture.js";
import {
  approvedWork,
  makeGitHubTrain,
  mergeRequests,
  until,
  type GitHubTrain,
} from "./merge-train-github-fixture.js";

describe("the merge train against the loopback GitHub (required checks)", () => {
  it(
    "updates each branch onto the last merge, lands it only once its required check is green on that head, and turns a red one back",
    { timeout: 500_000 },
    async () => {
      const train = await makeGitHubTrain("required-checks");
      const { e2e, fake } = train;
      const ids = await approvedWork(train, [
        { task: "Change line five", changes: { 5: "five by app-1" } },
        { task: "Change line ten", changes: { 10: "ten by app-2" } },
        { task: "Change line eighteen", changes: { 18: "eighteen by app-3" } },
      ]);
      // GitHub's CI goes red on app-3's head once the train updated it, until the agent fixed it.
      const { head: branch3, headSha: approved3 } = train.pullOf("app-3")!;
      let fixed = false;
      train.isRed = (branch, sha) => branch === branch3 && sha !== approved3 && !fixed;
      const release = join(e2e.userHome, "fixed");
      writeFileSync(train.turnsFile, JSON.stringify({ workUntil: release }));
      const queued = await train.ao(["merge", "--queue", ...ids, "--json"]);
      expect(queued.exitCode, queued.stderr).toBe(0);

      const ended = async (id: string, state: string) =>
        (await train.queue()).ended.find((entry) => entry.session === id && entry.state === state);
      const left = await until(() => ended("app-3", "left"), "app-3 to go red and leave").catch(
        async (error: unknown) => {
          throw new Error(`${String(error)}\n${await diagnosis(train)}`);
        },
      );
      expect(left).toMatchObject({ reason: "ci_failed", checks: ["ci"] });
      const app1 = (await ended("app-1", "landed"))!;
      const app2 = (await ended("app-2", "landed"))!;
      expect(app1).toBeDefined();
      expect(app2).toBeDefined();

      // app-2 was rebased onto app-1's merge, pushed, and merged at exactly that head once green.
      const merge1 = fake.state.pulls.find((pull) => pull.head === train.pullOf("app-1")?.head)!;
      const updated = (await train.events("queue.updated")).find((event) => event.sessionId === "app-2");
      expect(updated?.payload).toMatchObject({ how: "rebase", base: merge1.mergeCommitSha, to: app2.tested });
      runGit(e2e.repo.origin, ["merge-base", "--is-ancestor", merge1.mergeCommitSha!, app2.tested!]);

      // The agent gets its one ci-failed turn, fixes and pushes; the session re-enters and lands.
      await until(
        async () =>
          (await train.events("turn.delivered")).filter((event) => event.sessionId === "app-3").length >= 2
            ? true
            : undefined,
        "app-3's ci-failed turn",
      ).catch(async (error: unknown) => {
        const about = (await train.events())
          .filter((event) => event.sessionId === "app-3" && /reaction|turn/.test(event.type))
          .map((event) => `${event.type} ${JSON.stringify(event.payload)}`);
        throw new Error(`${String(error)}\n${about.join("\n")}\n${await diagnosis(train)}`);
      });
      const planned = (await train.events("reaction.planned")).filter(
        (event) =>
          event.sessionId === "app-3" &&
          event.payload["reaction"] === "ci-failed" &&
          !String(event.payload["dedupeKey"]).endsWith(":escalate"),
      );
      expect(planned).toHaveLength(1);
      const worktree = e2e.worktree("app-3");
      writeFileSync(join(worktree, "app.txt"), readFileSync(join(worktree, "app.txt"), "utf8"));
      runGit(worktree, ["commit", "-q", "--allow-empty", "-m", "app-3: fix the check"]);
      fixed = true;
      runGit(worktree, ["push", "-q", "origin", `HEAD:${branch3}`]);
      writeFileSync(release, "");
      const app3 = await until(() => ended("app-3", "landed"), "app-3 to re-enter and land", 180_000);
      expect(app3.attempt).toBe(2);

      for (const entry of [app1, app2, app3]) expectMergedTested(train, entry);
      expect(mergeRequests(fake).every((request) => request.status === 200)).toBe(true);
      const main = runGit(e2e.repo.origin, ["show", "main:app.txt"]);
      for (const line of ["five by app-1", "ten by app-2", "eighteen by app-3"]) expect(main).toContain(line);
      const merged = (await train.events("pr.merged")).map((event) => event.sessionId);
      expect(merged.sort()).toEqual(ids);
    },
  );
});

/** Merged through the API once, with the tested head as `sha`, after GitHub's CI passed on it. */
function expectMergedTested(train: GitHubTrain, entry: QueueEntryJson): void {
  const pull = train.pullOf(entry.session)!;
  expect(pull.merged).toBe(true);
  const requests = mergeRequests(train.fake).filter((request) => request.number === pull.number);
  expect(requests).toEqual([{ number: pull.number, sha: entry.tested, status: 200 }]);
  expect(train.ciRuns).toContainEqual({ sha: entry.tested, branch: pull.head, conclusion: "success" });
}

async function diagnosis(train: GitHubTrain): Promise<string> {
  const queue = (await train.events("queue")).map(
    (event) => `${event.type} ${event.sessionId} ${JSON.stringify(event.payload)}`,
  );
  const log = readFileSync(join(train.e2e.home, "logs", "daemon.log"), "utf8")
    .split("\n")
    .filter((line) => /train|warn|error/i.test(line))
    .slice(-15);
  return [JSON.stringify(await train.queue()), JSON.stringify(train.ciRuns), ...queue, ...log].join("\n");
}
