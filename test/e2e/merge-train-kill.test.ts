import { existsSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runGit } from "../helpers/git-repo.js";
import { eventually, killDaemons, type E2e } from "./e2e-fixture.js";
import { FAULT_SEED, seededRandom } from "./fault-seed.js";
import { approveAll, ciPassed, ciRuns, makeTrainWorld, type TrainWorld } from "./merge-train-fixture.js";
import { entryRows, kill9, landedCount, startDaemon, stepRows, trainAt } from "./merge-train-kill-fixture.js";

/** The daemon is killed this many times in the run (issue 28: 20 random points). */
const KILLS = 20;
/**
 * At most this many rounds of three sessions each to spend them on (a hang guard): two or three do
 * one at a time; a batch of three lands in fewer steps, so its kills spread over more rounds.
 */
const ROUNDS = 10;

/** Round `round`'s three sessions, spawned under a daemon, each committing one line, approved. */
async function spawnRound(world: TrainWorld, round: number, pids: number[]): Promise<string[]> {
  const { e2e } = world;
  const daemon = startDaemon(e2e, pids);
  const ids = [1, 2, 3].map((index) => `app-${round * 3 + index}`);
  for (const id of ids) {
    const spawned = e2e.ao(["spawn", "app", `Change a line of app.txt (${id})`]);
    expect(spawned.exitCode, spawned.stderr).toBe(0);
  }
  await eventually(
    () => (world.events("turn.ended").length >= ids.length * (round + 1) ? true : undefined),
    `round ${round}'s spawn turns to end`,
  );
  // Lines six apart within a round: no two of its branches conflict; each round builds on the last.
  ids.forEach((id, index) => changeLine(e2e, id, 2 + 2 * round + 6 * index));
  await approveAll(world, ids);
  // The daemon that opened the pull requests stops; the train runs only under daemons killed at random.
  expect(e2e.ao(["stop"]).exitCode).toBe(0);
  await new Promise((resolve) => (daemon.exitCode === null ? daemon.once("exit", resolve) : resolve(0)));
  const queued = e2e.ao(["merge", "--queue", ...ids]);
  expect(queued.exitCode, queued.stderr).toBe(0);
  return ids;
}

/** The agent's work: one line of app.txt rewritten in its worktree, committed on its branch. */
function changeLine(e2e: E2e, id: string, line: number): void {
  const file = join(e2e.worktree(id), "app.txt");
  const lines = readFileSync(file, "utf8").trimEnd().split("\n");
  lines[line - 1] = `line ${line} by ${id}`;
  writeFileSync(file, `${lines.join("\n")}\n`);
  runGit(e2e.worktree(id), ["add", "app.txt"]);
  runGit(e2e.worktree(id), ["commit", "-q", "-m", `${id}: app.txt`]);
}

/**
 * Daemons started one after the other, each SIGKILLed at a seeded point, until the round's train
 * landed or `budget` kills were spent; then one more daemon, left running. Half of the kills come a
 * random 0.15–1.75 s into the daemon's life (its start, its first cycles, mid-CI), half a random
 * 0–300 ms after the train recorded its next step (mid-rebase, mid-move, between `merging` and the
 * landing): kills that a slow start would otherwise keep away from the train. Returns where each
 * kill found the train.
 */
async function killRound(
  e2e: E2e,
  total: number,
  budget: number,
  random: () => number,
  pids: number[],
): Promise<string[]> {
  const killedAt: string[] = [];
  while (killedAt.length < budget && landedCount(e2e) < total) {
    const before = stepRows(e2e).length;
    const daemon = startDaemon(e2e, pids);
    const afterStep = random() < 0.5;
    const delay = afterStep ? Math.floor(random() * 300) : 150 + Math.floor(random() * 1600);
    if (afterStep) await nextStep(e2e, before, total);
    await new Promise((resolve) => setTimeout(resolve, delay));
    await kill9(daemon);
    const when = afterStep ? `${delay} ms after a step` : `${delay} ms into its life`;
    killedAt.push(`${when}, ${stepRows(e2e).length} steps: ${trainAt(e2e)}`);
  }
  startDaemon(e2e, pids);
  return killedAt;
}

/** Polls the store closely until the train recorded a step after the first `before` ones. */
async function nextStep(e2e: E2e, before: number, total: number): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (stepRows(e2e).length <= before && landedCount(e2e) < total) {
    if (Date.now() > deadline) throw new Error(`no train step after ${before} steps`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Rounds of three sessions queued while no daemon runs, landed under daemons killed at seeded points
 * until KILLS kills are spent; then everything landed exactly once, each on a tested commit.
 */
async function trainThroughKills(batch: number): Promise<void> {
  console.log(`merge-train-kill: seed ${FAULT_SEED} (AO_FAULT_SEED=${FAULT_SEED} repeats this run)`);
  const random = seededRandom(FAULT_SEED + batch - 1);
  const world = makeTrainWorld("rebase", batch);
  const { e2e } = world;
  // CI that takes a while, so that kills also land while an entry is `testing`.
  e2e.env["TRAIN_CI_MS"] = "300";
  const base = runGit(e2e.repo.dir, ["rev-parse", "main"]);
  const pids: number[] = [];
  const sessions: string[] = [];
  const killedAt: string[] = [];
  try {
    // One train of three lands in about seven kills, so the kills are spread over rounds.
    for (let round = 0; round < ROUNDS && killedAt.length < KILLS; round += 1) {
      sessions.push(...(await spawnRound(world, round, pids)));
      const kills = await killRound(e2e, sessions.length, KILLS - killedAt.length, random, pids);
      expect(kills.length).toBeGreaterThan(0);
      killedAt.push(...kills.map((kill) => `round ${round} ${kill}`));
      // The train completes under the daemon started after the round's last kill.
      await eventually(
        () => (landedCount(e2e) === sessions.length ? true : undefined),
        `round ${round}'s train to land after the last restart`,
        180_000,
      ).catch((error: unknown) => {
        throw new Error(`${String(error)}\n${JSON.stringify(world.queue())}`);
      });
    }
    console.log(`merge-train-kill: ${killedAt.length} kills at\n  ${killedAt.join("\n  ")}`);
    expect(killedAt).toHaveLength(KILLS);
    expectLandedOnceOnTestedHeads(world, sessions, base);
    const scratch = join(e2e.home, "projects", "app", "merge-train");
    expect(existsSync(scratch) ? readdirSync(scratch) : []).toEqual([]);
    expect(runGit(e2e.repo.dir, ["worktree", "list", "--porcelain"])).not.toContain("merge-train");
  } finally {
    e2e.ao(["stop"]);
    killDaemons(pids);
    for (const id of sessions) e2e.ao(["session", "kill", id]);
  }
}

describe("the merge train survives kill -9 of the daemon (local mode, fake claude in tmux)", () => {
  it(
    `lands every queued session exactly once, each on its tested commit, through ${KILLS} seeded kills`,
    { timeout: 600_000 },
    () => trainThroughKills(1),
  );

  it(
    `with mergeQueue.batch: 3, lands every batch exactly once at the tip CI passed on, through ${KILLS} seeded kills`,
    { timeout: 900_000 },
    () => trainThroughKills(3),
  );
});

/**
 * Every session landed exactly once (one landed entry, one `pr.merged`, its commit once in main),
 * main's line of commits since the base is exactly the tested commits in landing order (a fast-
 * forward each: main never pointed at anything else), each tested commit is the one CI passed on.
 */
function expectLandedOnceOnTestedHeads(world: TrainWorld, sessions: readonly string[], base: string): void {
  const { e2e } = world;
  const landed = world.events("queue.landed");
  expect(world.queue().queue).toEqual([]);
  const entries = entryRows(e2e);
  expect(entries.every((entry) => entry.state === "landed")).toBe(true);
  expect(entries.map((entry) => entry.session).sort()).toEqual([...sessions].sort());
  expect(landed).toHaveLength(sessions.length);
  const merged = world.events("pr.merged").map((event) => event.sessionId);
  expect(merged.sort()).toEqual([...sessions].sort());
  const rows = stepRows(e2e);
  const passed = new Set(ciRuns(e2e).flatMap((run) => (run.state === "passing" ? [run.sha] : [])));
  const inLandingOrder = landed.map((event) => {
    const entry = entries.find((candidate) => candidate.entry === event.payload["entry"])!;
    const steps = rows.filter((row) => row.entry === entry.entry);
    expect(event.payload["sha"]).toBe(entry.tested);
    // The green step and the landing are the tested commit; alone, it is also the last sent to CI.
    const green = steps.filter((row) => row.step === "green").at(-1);
    expect(green?.sha).toBe(entry.tested);
    expect(steps.filter((row) => row.step === "landed")).toHaveLength(1);
    // In a batch, CI passed on the stack's tip, which holds the tested commit; alone, the tip is it.
    const tip = (JSON.parse(green?.detail ?? "{}") as { tip?: string }).tip ?? entry.tested ?? "";
    expect(passed.has(tip)).toBe(true);
    runGit(e2e.repo.dir, ["merge-base", "--is-ancestor", entry.tested ?? "", tip]);
    if (tip === entry.tested) {
      expect(steps.filter((row) => row.step === "testing").at(-1)?.sha).toBe(entry.tested);
      const branch = e2e.sessions().find((session) => session.id === entry.session)?.branch ?? "";
      expect(ciPassed(e2e, branch, entry.tested ?? "")).toBe(true);
    }
    return entry.tested;
  });
  const line = runGit(e2e.repo.dir, ["rev-list", "--first-parent", `${base}..main`]).split("\n");
  expect(line).toEqual(inLandingOrder.reverse());
  for (const id of sessions) {
    const subjects = runGit(e2e.repo.dir, ["log", "--format=%s", "main"]).split("\n");
    expect(subjects.filter((subject) => subject === `${id}: app.txt`)).toHaveLength(1);
  }
  expect(runGit(e2e.repo.dir, ["status", "--porcelain", "--untracked-files=no"])).toBe("");
}
