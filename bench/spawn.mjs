// ao spawn: its wall time next to what it wraps, done by hand on the same repository in the same run:
// `git worktree add -b <branch> <path> origin/main` then `tmux new-session -d … claude <prompt>`.
// Goal (issue: session manager): ao spawn <= 1.5x raw + 150 ms.
// A third case, the floor (bench/lib/spawn-floor.cjs), is the least any spawn written in Node can do:
// Node's start, the two questions to origin and the local refs, worktree add and tmux. It shows how
// much of ao spawn is ao's own work, and whether the goal is within reach of a Node CLI at all.
// The agent is the fake `claude` from test/fixtures/bin in both cases; each session is removed again
// (untimed) before the next round, so neither side slows down from piling up sessions.
// A fourth case turns the start-up watch off (AO_SPAWN_WATCH_MS=0): the watch waits for the agent
// itself to start (its hooks naming a conversation), so the bench says how much of the gap it is.
// Run: npm run build && node bench/spawn.mjs [--runs 10]
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { interleave, median, report, timeOnce } from "./lib/measure.mjs";
import { ao, git, makeWorld, root } from "./lib/session-world.mjs";

const runsFlag = process.argv.indexOf("--runs");
const runs = runsFlag > 0 ? Number(process.argv[runsFlag + 1]) : 10;

const world = makeWorld();
const rawSocket = join(world.dir, "raw.sock");
const prompt = join(world.dir, "prompt.md");
let n = 0;

function rawSpawn() {
  n += 1;
  const path = join(world.dir, "raw", String(n));
  const ms =
    timeOnce(
      ["git", "-C", world.repo, "worktree", "add", "-q", "-b", `raw/${n}`, path, "origin/main"],
      world.options,
    ) +
    timeOnce(
      [
        "tmux",
        "-S",
        rawSocket,
        "new-session",
        "-d",
        "-s",
        `raw-${n}`,
        "-c",
        path,
        "--",
        "claude",
        `Carry out the task described in @${prompt}`,
      ],
      world.options,
    );
  spawnSync("tmux", ["-S", rawSocket, "kill-session", "-t", `=raw-${n}`], {
    env: world.env,
    stdio: "ignore",
  });
  git(world.repo, ["worktree", "remove", "--force", path]);
  git(world.repo, ["branch", "-q", "-D", `raw/${n}`]);
  return ms;
}

const floorScript = join(root, "bench", "lib", "spawn-floor.cjs");

function floorSpawn() {
  n += 1;
  const path = join(world.dir, "floor", String(n));
  const ms = timeOnce(
    [
      process.execPath,
      floorScript,
      world.repo,
      path,
      `floor/${n}`,
      rawSocket,
      `floor-${n}`,
      "claude",
      `Carry out the task described in @${prompt}`,
    ],
    world.options,
  );
  spawnSync("tmux", ["-S", rawSocket, "kill-session", "-t", `=floor-${n}`], {
    env: world.env,
    stdio: "ignore",
  });
  git(world.repo, ["worktree", "remove", "--force", "--force", path]); // it is locked, like ao's
  git(world.repo, ["branch", "-q", "-D", `floor/${n}`]);
  return ms;
}

/** One `ao spawn`; `watchMs` overrides the start-up watch (AO_SPAWN_WATCH_MS, docs/sessions.md). */
function aoSpawn(watchMs) {
  n += 1;
  const env = watchMs === undefined ? world.env : { ...world.env, AO_SPAWN_WATCH_MS: String(watchMs) };
  const start = process.hrtime.bigint();
  const result = spawnSync(process.execPath, [ao, "spawn", "bench", `Benchmark task number ${n}`], {
    cwd: world.configDir,
    env,
    encoding: "utf8",
  });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (result.status !== 0) throw new Error(`ao spawn exited ${result.status}: ${result.stderr}`);
  world.ao(["session", "kill", result.stdout.trim(), "--purge", "--force"]);
  return ms;
}

try {
  const samples = interleave(
    [
      { name: "raw: worktree add + tmux (baseline)", run: rawSpawn },
      { name: "floor: node + git + tmux", run: floorSpawn },
      { name: "ao spawn", run: () => aoSpawn() },
      // The watch waits for the agent's own start (its hooks naming a conversation): not ao's work.
      { name: "ao spawn, no start-up watch", run: () => aoSpawn(0) },
    ],
    { runs, warmup: 2 },
  );
  const raw = report(
    `spawn, ${runs} runs each, interleaved (${ao})`,
    samples,
    "raw: worktree add + tmux (baseline)",
  );
  const spawn = median(samples["ao spawn"]);
  const floor = median(samples["floor: node + git + tmux"]);
  const unwatched = median(samples["ao spawn, no start-up watch"]);
  const budget = 1.5 * raw + 150;
  console.log(
    `\nao spawn / raw = ${(spawn / raw).toFixed(2)}x; goal ao spawn <= 1.5x raw + 150 ms = ${budget.toFixed(0)} ms: ${spawn <= budget ? "met" : "NOT met"} (${spawn.toFixed(0)} ms)`,
  );
  console.log(
    `floor = ${floor.toFixed(0)} ms (${(floor / budget).toFixed(2)}x the goal); ao's own work = ao spawn - floor = ${(spawn - floor).toFixed(0)} ms`,
  );
  console.log(
    `of which waiting for the agent's start (the start-up watch) ${(spawn - unwatched).toFixed(0)} ms; without it ao's own work = ${(unwatched - floor).toFixed(0)} ms (goal <= 50 ms: ${unwatched - floor <= 50 ? "met" : "NOT met"})`,
  );
} finally {
  spawnSync("tmux", ["-S", rawSocket, "kill-server"], { env: world.env, stdio: "ignore" });
  world.dispose();
}
