import { describe, expect, it } from "vitest";
import { runGit } from "../helpers/git-repo.js";
import { eventually, type E2e } from "./e2e-fixture.js";
import {
  agentCommits,
  approveAll,
  ciPassed,
  ciRuns,
  makeTrainWorld,
  spawnThree,
  type TrainWorld,
} from "./merge-train-fixture.js";

const IDS = ["app-1", "app-2", "app-3"];

interface BatchJson {
  lead: number;
  together: string[];
}

/** The three queued at their heads; returns those heads (CI ran on them before: not the train's). */
async function queueThree(world: TrainWorld): Promise<string[]> {
  const { e2e } = world;
  await approveAll(world, IDS);
  const heads = IDS.map((id) => runGit(e2e.worktree(id), ["rev-parse", "HEAD"]));
  const queued = e2e.ao(["merge", "--queue", ...IDS, "--json"]);
  expect(queued.exitCode, queued.stderr).toBe(0);
  return heads;
}

function landedOrLeft(world: TrainWorld, id: string, state: "landed" | "left") {
  return world.queue().ended.find((entry) => entry.session === id && entry.state === state);
}

function diagnosis(world: TrainWorld): string {
  const queue = world
    .events("queue")
    .map((event) => `${event.type} ${event.sessionId} ${JSON.stringify(event.payload)}`);
  return [JSON.stringify(world.queue()), ...queue].join("\n");
}

/** What the train's CI ran: the runs on commits other than the heads the agents left. */
function trainRuns(e2e: E2e, heads: readonly string[]) {
  return ciRuns(e2e).filter((run) => !heads.includes(run.sha));
}

describe("the merge train with mergeQueue.batch: 3 (local mode, fake claude in tmux)", () => {
  it(
    "tests three green sessions together in one CI run and lands all three at the tested tip",
    { timeout: 400_000 },
    async () => {
      const world = makeTrainWorld("rebase", 3);
      const { e2e } = world;
      // CI that takes a while, so `ao queue` can be read while the three are tested together.
      e2e.env["TRAIN_CI_MS"] = "4000";
      try {
        await spawnThree(world);
        agentCommits(e2e, "app-1", { 2: "two by app-1" });
        agentCommits(e2e, "app-2", { 9: "nine by app-2" });
        agentCommits(e2e, "app-3", { 18: "eighteen by app-3" });
        const heads = await queueThree(world);

        const together = await eventually(() => {
          const testing = world.queue().queue.find((entry) => entry.state === "testing");
          return (testing as { batch?: BatchJson } | undefined)?.batch;
        }, "the batch to be under test");
        expect(together.together).toEqual(IDS);
        for (const id of IDS)
          await eventually(() => landedOrLeft(world, id, "landed"), `${id} to land`, 120_000).catch(
            (error: unknown) => {
              throw new Error(`${String(error)}\n${diagnosis(world)}`);
            },
          );

        // One CI run for the three, on the commit main now is, and it passed.
        const main = runGit(e2e.repo.dir, ["rev-parse", "main"]);
        expect(trainRuns(e2e, heads)).toEqual([{ sha: main, state: "passing" }]);
        expect(ciPassed(e2e, e2e.sessions().find((s) => s.id === "app-3")!.branch, main)).toBe(true);
        const testing = world.events("queue.testing");
        expect(testing).toHaveLength(1);
        expect(testing[0]!.payload["batch"]).toMatchObject({ sessions: IDS });
        // Landed in order; main's last landing is the tested tip, and it holds all three changes.
        const landed = world.events("queue.landed");
        expect(landed.map((event) => event.sessionId)).toEqual(IDS);
        expect(landed.at(-1)!.payload["sha"]).toBe(main);
        const text = runGit(e2e.repo.dir, ["show", "main:app.txt"]);
        for (const line of ["two by app-1", "nine by app-2", "eighteen by app-3"])
          expect(text).toContain(line);
        expect(
          world
            .events("pr.merged")
            .map((event) => event.sessionId)
            .sort(),
        ).toEqual(IDS);
      } finally {
        e2e.ao(["stop"]);
        for (const id of IDS) e2e.ao(["session", "kill", id]);
      }
    },
  );

  it(
    "bisects a red batch: the member in the middle that breaks CI leaves with a turn naming the check, the other two land",
    { timeout: 400_000 },
    async () => {
      const world = makeTrainWorld("rebase", 3);
      const { e2e } = world;
      try {
        await spawnThree(world);
        agentCommits(e2e, "app-1", { 2: "two by app-1" });
        // Green alone, red on top of app-1's change: app-2 is the batch's culprit.
        agentCommits(e2e, "app-2", { 9: "line 9 needs line 2 as it was" });
        agentCommits(e2e, "app-3", { 18: "eighteen by app-3" });
        const heads = await queueThree(world);

        const left = await eventually(() => landedOrLeft(world, "app-2", "left"), "app-2 to leave", 180_000);
        expect(left).toMatchObject({ reason: "ci_failed", checks: ["node check.mjs"] });
        for (const id of ["app-1", "app-3"])
          await eventually(() => landedOrLeft(world, id, "landed"), `${id} to land`, 180_000).catch(
            (error: unknown) => {
              throw new Error(`${String(error)}\n${diagnosis(world)}`);
            },
          );

        // The stack of three went red, then the stack of two; app-1 alone was green and landed.
        const bisecting = world.events("queue.bisecting").map((event) => event.sessionId);
        expect(bisecting).toEqual(["app-3", "app-2"]);
        const stacks = world
          .events("queue.testing")
          .map((event) => (event.payload["batch"] as BatchJson & { sessions: string[] }).sessions);
        expect(stacks).toEqual([IDS, ["app-1", "app-2"], ["app-1"], ["app-3"]]);
        // CI ran once per stack, in that order: red, red, green (app-1 alone needed no update, so
        // its stack is its own head, whose run from before the queue counts), then app-3 again.
        const runs = ciRuns(e2e);
        const tested = world.events("queue.testing").map((event) => String(event.payload["sha"]));
        expect(tested.map((sha) => runs.find((run) => run.sha === sha)?.state)).toEqual([
          "failing",
          "failing",
          "passing",
          "passing",
        ]);
        expect(trainRuns(e2e, heads)).toHaveLength(tested.filter((sha) => !heads.includes(sha)).length);
        const app3 = landedOrLeft(world, "app-3", "landed")!;
        expect(app3.attempt).toBe(1);
        expect(world.events("queue.requeued").map((event) => event.payload["reason"])).toEqual(["batch"]);

        // app-2's agent gets one ci-failed turn naming the check; nobody else is told CI failed.
        await eventually(
          () =>
            world.events("turn.delivered").filter((event) => event.sessionId === "app-2").length >= 2
              ? true
              : undefined,
          "app-2's ci-failed turn",
        );
        const ciFailed = world
          .events("reaction.planned")
          .filter((event) => event.payload["reaction"] === "ci-failed")
          .filter((event) => !String(event.payload["dedupeKey"]).endsWith(":escalate"));
        expect(ciFailed.map((event) => event.sessionId)).toEqual(["app-2"]);
        expect(String(ciFailed[0]!.payload["dedupeKey"])).toBe(
          `app-2:ci-failed:${left.tested}:node check.mjs`,
        );

        const main = runGit(e2e.repo.dir, ["rev-parse", "main"]);
        expect(main).toBe(app3.tested);
        expect(ciPassed(e2e, e2e.sessions().find((s) => s.id === "app-3")!.branch, main)).toBe(true);
        const text = runGit(e2e.repo.dir, ["show", "main:app.txt"]);
        expect(text).toContain("two by app-1");
        expect(text).toContain("eighteen by app-3");
        expect(text).not.toContain("needs line 2");
        // app-3's branch carries none of app-2's commits: it was taken back to its own head first.
        const subjects = runGit(e2e.repo.dir, ["log", "--format=%s", "main"]).split("\n");
        expect(subjects).not.toContain("app-2: app.txt");
      } finally {
        e2e.ao(["stop"]);
        for (const id of IDS) e2e.ao(["session", "kill", id]);
      }
    },
  );
});
