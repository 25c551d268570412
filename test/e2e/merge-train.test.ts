import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runGit } from "../helpers/git-repo.js";
import { eventually } from "./e2e-fixture.js";
import {
  LINES,
  agentCommits,
  approveAll,
  ciPassed,
  makeTrainWorld,
  spawnThree,
  type QueueEntryJson,
} from "./merge-train-fixture.js";

interface ConflictJson {
  kind: string;
  sessions: [string, string | null];
  files: string[];
  hunks: { file: string; start: number; end: number }[];
}

describe("the merge train through the built ao (local mode, fake claude in tmux)", () => {
  it(
    "predicts the conflict, lands the first, rebases and lands the third, turns the conflicting one back, then lands it",
    { timeout: 400_000 },
    async () => {
      const world = makeTrainWorld();
      const { e2e } = world;
      try {
        await spawnThree(world);
        agentCommits(e2e, "app-1", { 5: "five by app-1" });
        agentCommits(e2e, "app-2", { 5: "five by app-2", 6: "six by app-2" });
        agentCommits(e2e, "app-3", { 18: "eighteen by app-3" });

        // The radar names the conflicting pair with its lines, and the overlaps, before any merge.
        const listed = await eventually(() => {
          const run = e2e.ao(["conflicts", "app", "--json"]);
          const pairs = (JSON.parse(run.stdout) as { conflicts: ConflictJson[] }).conflicts;
          return pairs.filter((pair) => pair.sessions[1] !== null).length === 3 ? pairs : undefined;
        }, "the radar to see the three pairs");
        const between = listed.filter((pair) => pair.sessions[1] !== null);
        expect(between.map((pair) => [pair.sessions.join("/"), pair.kind, pair.files])).toEqual([
          ["app-1/app-2", "conflict", ["app.txt"]],
          ["app-1/app-3", "overlap", ["app.txt"]],
          ["app-2/app-3", "overlap", ["app.txt"]],
        ]);
        expect(between[0]!.hunks).toMatchObject([{ file: "app.txt", start: 5, end: 11 }]);

        // The conflict turn works until the test (the fake agent's hands) has resolved it.
        const release = join(e2e.userHome, "resolved");
        writeFileSync(world.turnsFile, JSON.stringify({ workUntil: release }));
        await approveAll(world, ["app-1", "app-2", "app-3"]);
        const queued = e2e.ao(["merge", "--queue", "app-1", "app-2", "app-3", "--json"]);
        expect(queued.exitCode, queued.stderr).toBe(0);
        const entries = (JSON.parse(queued.stdout) as { queued: { session: string; already: boolean }[] })
          .queued;
        expect(entries.map((entry) => [entry.session, entry.already])).toEqual([
          ["app-1", false],
          ["app-2", false],
          ["app-3", false],
        ]);

        // app-1 lands; app-2 conflicts with it and leaves; app-3 is rebased and lands after green CI.
        const ended = (id: string, state: string) =>
          world.queue().ended.find((entry) => entry.session === id && entry.state === state);
        const app3 = await eventually(() => ended("app-3", "landed"), "app-3 to land", 120_000).catch(
          (error: unknown) => {
            throw new Error(`${String(error)}\n${diagnosis(world)}`);
          },
        );
        const app1 = ended("app-1", "landed");
        const app2Left = ended("app-2", "left");
        expect(app1).toBeDefined();
        expect(app2Left).toMatchObject({ reason: "conflict", files: ["app.txt"] });
        const updated = world.events("queue.updated");
        expect(updated.find((event) => event.sessionId === "app-3")?.payload).toMatchObject({
          how: "rebase",
        });
        expect(
          world.events("queue.left").find((event) => event.sessionId === "app-2")?.payload,
        ).toMatchObject({
          reason: "conflict",
          files: ["app.txt"],
          hunks: [{ file: "app.txt", start: 5 }],
        });

        // The agent got one turn naming the conflict; it resolves it by merging main, then its turn ends.
        await eventually(
          () =>
            world.events("turn.delivered").filter((event) => event.sessionId === "app-2").length >= 2
              ? true
              : undefined,
          "app-2's conflict turn",
        ).catch((error: unknown) => {
          const about = world
            .events()
            .filter((event) => event.sessionId === "app-2" && /reaction|turn/.test(event.type));
          throw new Error(
            `${String(error)}\n${about.map((event) => `${event.type} ${JSON.stringify(event.payload)}`).join("\n")}`,
          );
        });
        const planned = world.events("reaction.planned").filter((event) => event.sessionId === "app-2");
        expect(
          planned.filter(
            (event) =>
              event.payload["reaction"] === "merge-conflicts" &&
              !String(event.payload["dedupeKey"]).endsWith(":escalate"),
          ),
        ).toHaveLength(1);
        resolveByMergingMain(e2e.worktree("app-2"));
        writeFileSync(release, "");
        const landed = await eventually(
          () => world.queue().ended.find((entry) => entry.session === "app-2" && entry.state === "landed"),
          "app-2 to re-enter and land",
          180_000,
        );
        expect(landed.attempt).toBe(2);
        expect(world.events("queue.reentered").map((event) => event.sessionId)).toEqual(["app-2"]);

        expectMainHasAll(e2e.repo.dir);
        // The last landing was a fast-forward: main's head is exactly the commit CI tested.
        expect(runGit(e2e.repo.dir, ["rev-parse", "main"])).toBe(landed.tested);
        for (const entry of [app1!, app3, landed]) expectLandedTested(world, entry);
        const merged = world.events("pr.merged").map((event) => event.sessionId);
        expect(merged.sort()).toEqual(["app-1", "app-2", "app-3"]);
      } finally {
        e2e.ao(["stop"]);
        for (const id of ["app-1", "app-2", "app-3"]) e2e.ao(["session", "kill", id]);
      }
    },
  );
});

/** The queue, the train's events and the daemon's warnings, for a failure's message. */
function diagnosis(world: ReturnType<typeof makeTrainWorld>): string {
  const log = readFileSync(join(world.e2e.home, "logs", "daemon.log"), "utf8")
    .split("\n")
    .filter((line) => /train|warn|error/i.test(line))
    .slice(-10);
  const queue = world
    .events("queue")
    .map((event) => `${event.type} ${event.sessionId} ${JSON.stringify(event.payload)}`);
  return [JSON.stringify(world.queue()), ...queue, ...log].join("\n");
}

/** What the fake agent's turn does: merges main into its branch and keeps both sides' lines. */
function resolveByMergingMain(worktree: string): void {
  const merge = (() => {
    try {
      return runGit(worktree, ["merge", "-q", "main"]);
    } catch {
      return "conflict";
    }
  })();
  expect(merge).toBe("conflict");
  const lines = LINES.map((line, index) => {
    if (index === 4) return "five by app-1 and app-2";
    if (index === 5) return "six by app-2";
    if (index === 17) return "eighteen by app-3";
    return line;
  });
  writeFileSync(join(worktree, "app.txt"), `${lines.join("\n")}\n`);
  runGit(worktree, ["add", "app.txt"]);
  runGit(worktree, ["commit", "-q", "--no-edit"]);
}

function expectMainHasAll(repo: string): void {
  const text = runGit(repo, ["show", "main:app.txt"]);
  expect(text).toContain("five by app-1 and app-2");
  expect(text).toContain("six by app-2");
  expect(text).toContain("eighteen by app-3");
  expect(runGit(repo, ["status", "--porcelain", "--untracked-files=no"])).toBe("");
}

/** Each landing put exactly its tested commit into main, and CI was green on it. */
function expectLandedTested(world: ReturnType<typeof makeTrainWorld>, entry: QueueEntryJson): void {
  const { e2e } = world;
  const history = runGit(e2e.repo.dir, ["rev-list", "main"]).split("\n");
  expect(history).toContain(entry.tested);
  const branch = e2e.sessions().find((session) => session.id === entry.session)?.branch ?? "";
  expect(ciPassed(e2e, branch, entry.tested ?? "")).toBe(true);
}
