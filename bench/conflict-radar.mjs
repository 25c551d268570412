// What the conflict radar (docs/conflicts.md) adds to a lifecycle cycle with 50 live sessions in one
// repository: the same cycle (observe, decide, plan; nothing delivered) run with and without the
// radar's step, interleaved, in one run. Three radar cases: the first cycle (every pair merged:
// N(N-1)/2 + N merge-trees), one head moved since the last cycle (N merge-trees: the pairs it is
// in), and nothing moved (no merge-tree: one for-each-ref). Issue 28 asks for the cost "at most one
// merge-tree per pair whose heads moved" and its size as a fraction of a cycle.
//
// The world: a real repository with 50 branches (every branch changes its own file and a shared
// file, every fifth pair on the same lines), 50 session rows written straight into the store
// (runtime `process`, no agent: 50 real agents would measure tmux, not the radar), the built ao's
// core (dist/) with the built-in plugins.
// Run: npm run build && node bench/conflict-radar.mjs [--sessions 50] [--samples 10]
import { writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { median } from "./lib/measure.mjs";
import { git, makeWorld, root } from "./lib/session-world.mjs";

const flag = (name, fallback) => {
  const index = process.argv.indexOf(name);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
};
const sessions = flag("--sessions", 50);
const samples = flag("--samples", 10);
const dist = async (path) => import(pathToFileURL(join(root, "dist", path)).href);
const store = await dist("core/store/index.js");
const lifecycle = await dist("core/lifecycle/index.js");
const { watchConflicts } = await dist("core/lifecycle/watch-conflicts.js");
const { createNodeContext } = await dist("core/context.js");
const { builtinCatalog } = await dist("plugins/builtin-catalog.js");

const SHARED = Array.from({ length: 200 }, (_, i) => `line ${i + 1}`);

/** 50 branches off main: each its own file, and a shared file changed at its own line (every 5th at line 1). */
function makeBranches(repo, count) {
  writeFileSync(join(repo, "shared.txt"), `${SHARED.join("\n")}\n`);
  git(repo, ["add", "-A"]);
  git(repo, ["commit", "-q", "-m", "shared file"]);
  for (let i = 1; i <= count; i++) {
    git(repo, ["checkout", "-q", "-b", `feat/bench-${i}`, "main"]);
    const lines = [...SHARED];
    lines[i % 5 === 0 ? 0 : i * 3] = `changed by ${i}`;
    writeFileSync(join(repo, "shared.txt"), `${lines.join("\n")}\n`);
    writeFileSync(join(repo, `own-${i}.txt`), `work of ${i}\n`);
    git(repo, ["add", "-A"]);
    git(repo, ["commit", "-q", "-m", `work ${i}`]);
  }
  git(repo, ["checkout", "-q", "main"]);
}

function addSessions(ctx, repo, count) {
  const db = store.openStore(ctx);
  try {
    store.writeTransaction(db, (tx) => {
      for (let i = 1; i <= count; i++) {
        const branch = `feat/bench-${i}`;
        const row = { id: `bench-${i}`, project: "bench", branch, runtime: "process", agent: "claude-code" };
        const created = {
          type: "session.created",
          payload: {
            branch,
            issue: null,
            runtime: "process",
            agent: "claude-code",
            spawner: { pid: 4_194_305, host: hostname() },
          },
        };
        store.insertSession(
          tx,
          { ...row, worktree: join(repo, "..", "nowhere", row.id), status: "working" },
          created,
        );
      }
    });
  } finally {
    store.closeStore(db);
  }
}

/** A new commit on a branch, as an agent's would be (same tree: the radar only sees a moved head). */
function moveHead(repo, branch) {
  const head = git(repo, ["rev-parse", `refs/heads/${branch}`]);
  const next = git(repo, ["commit-tree", `${head}^{tree}`, "-p", head, "-m", "more work"]);
  git(repo, ["update-ref", `refs/heads/${branch}`, next, head]);
}

async function timeCycle(ctx, engine, steps) {
  const start = process.hrtime.bigint();
  const report = await lifecycle.createCycle(ctx, engine, { deliver: false }, steps).run();
  if (report.errors.length > 0) throw new Error(`cycle errors: ${report.errors.join("; ")}`);
  if (report.sessions !== sessions)
    throw new Error(`the cycle watched ${report.sessions} sessions, not ${sessions}`);
  return Number(process.hrtime.bigint() - start) / 1e6;
}

const world = makeWorld();
try {
  makeBranches(world.repo, sessions);
  const ctx = createNodeContext({
    env: world.env,
    cwd: world.configDir,
    catalog: builtinCatalog,
    stdout: process.stdout,
    stderr: process.stderr,
  });
  addSessions(ctx, world.repo, sessions);
  const engine = await lifecycle.openLifecycleEngine(ctx, {});
  const withRadar = lifecycle.CYCLE_STEPS;
  const without = withRadar.filter((step) => step !== watchConflicts);
  if (without.length !== withRadar.length - 1) throw new Error("the radar's step is not in CYCLE_STEPS");
  await timeCycle(ctx, engine, without); // warm-up: plugins loaded, statuses settled
  const first = await timeCycle(ctx, engine, withRadar);
  const pairs = store.listConflictPairs(engine.store, { project: "bench" });
  const counts = {};
  for (const pair of pairs) counts[pair.kind] = (counts[pair.kind] ?? 0) + 1;
  const base = [];
  const moved = [];
  const still = [];
  for (let round = 0; round < samples; round++) {
    base.push(await timeCycle(ctx, engine, without));
    moveHead(world.repo, `feat/bench-${1 + (round % sessions)}`);
    moved.push(await timeCycle(ctx, engine, withRadar));
    still.push(await timeCycle(ctx, engine, withRadar));
  }
  engine.close();
  const baseline = median(base);
  const row = (name, ms) =>
    console.log(
      `${name.padEnd(34)}${ms.toFixed(1).padStart(10)} ms${(ms / baseline).toFixed(2).padStart(8)}x`,
    );
  console.log(`conflict radar, ${sessions} live sessions in one repository, ${samples} samples (medians)\n`);
  console.log(`${"".padEnd(34)}${"cycle".padStart(13)}${"ratio".padStart(9)}`);
  row("cycle without the radar", baseline);
  row("radar, nothing moved (0 merges)", median(still));
  row(`radar, one head moved (${sessions} merges)`, median(moved));
  row(`radar, first cycle (${pairs.length} merges)`, first);
  console.log(
    `\npairs: ${counts.conflict ?? 0} conflict, ${counts.overlap ?? 0} overlap, ${counts.clean ?? 0} clean`,
  );
} finally {
  world.dispose();
}
