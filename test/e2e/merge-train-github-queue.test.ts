import { describe, expect, it } from "vitest";
import { runGit } from "../helpers/git-repo.js";
import {
  REPO,
  approvedWork,
  headMerging,
  inMergeQueue,
  makeGitHubTrain,
  mergeRequests,
  until,
} from "./merge-train-github-fixture.js";

describe("the merge train handing over to GitHub's own merge queue", () => {
  it(
    "enqueues with GitHub instead of merging, reports landed when GitHub's queue merges, and turns a removed one back",
    { timeout: 400_000 },
    async () => {
      const train = await makeGitHubTrain("merge-queue");
      const { e2e, fake } = train;
      await approvedWork(train, [
        { task: "Change line five", changes: { 5: "five by app-1" } },
        { task: "Change line eighteen", changes: { 18: "eighteen by app-2" } },
      ]);
      const queued = await train.ao(["merge", "--queue", "app-1", "app-2", "--json"]);
      expect(queued.exitCode, queued.stderr).toBe(0);

      // app-1 is in GitHub's queue at its approved head; ao's queue says so and waits.
      const pull1 = train.pullOf("app-1")!;
      const inQueue = (number: number) => inMergeQueue(train, number);
      const entry1 = await until(() => inQueue(pull1.number), "app-1 in GitHub's merge queue");
      expect(entry1.queueEntry?.headOid).toBe(pull1.headSha);
      const view = await headMerging(train);
      expect(view).toMatchObject({ session: "app-1", tested: pull1.headSha });
      expect((view as unknown as { note: string }).note).toContain("GitHub's merge queue");

      const merged = fake.landFromMergeQueue(REPO, pull1.number);
      const landed = await until(
        async () => (await train.queue()).ended.find((entry) => entry.session === "app-1"),
        "app-1 to be reported landed",
      );
      expect(landed).toMatchObject({ state: "landed", tested: pull1.headSha });
      expect(runGit(e2e.repo.origin, ["rev-parse", "main"])).toBe(merged);

      // app-2 is handed over next; GitHub's queue removes it: it leaves with the reason, the agent gets a turn.
      const pull2 = train.pullOf("app-2")!;
      await until(() => inQueue(pull2.number), "app-2 in GitHub's merge queue");
      fake.removeFromMergeQueue(REPO, pull2.number, "Failed status checks");
      const left = await until(
        async () => (await train.queue()).ended.find((entry) => entry.session === "app-2"),
        "app-2 to leave",
      );
      expect(left).toMatchObject({
        state: "left",
        reason: "ci_failed",
        checks: ["merge queue: Failed status checks"],
      });
      await until(
        async () =>
          (await train.events("reaction.planned")).some(
            (event) => event.sessionId === "app-2" && event.payload["reaction"] === "ci-failed",
          )
            ? true
            : undefined,
        "app-2's ci-failed turn to be planned",
      );

      // ao never merged through the API: GitHub's queue did.
      expect(mergeRequests(fake)).toEqual([]);
      const prMerged = (await train.events("pr.merged")).filter((event) => event.sessionId === "app-1");
      expect(prMerged).toHaveLength(1);
      expect(prMerged[0]?.payload).toMatchObject({ by: "merge train", number: pull1.number });
    },
  );
});
