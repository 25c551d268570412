// ao status with many sessions, next to `ao --version` in the same run.
// Goal (issue: session manager): `ao status` with 50 sessions <= 2x `ao --version`.
// The 50 sessions are real (`ao spawn`, untimed, before measuring): 50 tmux panes running the fake
// `claude` from test/fixtures/bin, whose hooks tell their activity as Claude Code's would.
// Run: npm run build && node bench/status.mjs [--runs 20] [--sessions 50]
import { interleave, median, report, timeOnce } from "./lib/measure.mjs";
import { ao, makeWorld } from "./lib/session-world.mjs";

const flag = (name, fallback) => {
  const index = process.argv.indexOf(name);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
};
const runs = flag("--runs", 20);
const sessions = flag("--sessions", 50);

const world = makeWorld();
try {
  process.stderr.write(`spawning ${sessions} sessions…\n`);
  for (let i = 1; i <= sessions; i++) world.ao(["spawn", "bench", `Status benchmark task ${i}`]);
  const listed = JSON.parse(world.ao(["status", "--json"])).sessions;
  const alive = listed.filter((session) => session.runtime.liveness === "alive").length;
  if (listed.length !== sessions)
    throw new Error(`expected ${sessions} sessions, ao status shows ${listed.length}`);
  const node = [process.execPath, ao];
  const samples = interleave(
    [
      { name: "ao --version (baseline)", run: () => timeOnce([...node, "--version"], world.options) },
      { name: `ao status (${sessions} sessions)`, run: () => timeOnce([...node, "status"], world.options) },
      {
        name: `ao status --json (${sessions} sessions)`,
        run: () => timeOnce([...node, "status", "--json"], world.options),
      },
    ],
    { runs },
  );
  report(
    `status, ${runs} runs each, interleaved; ${alive} of ${sessions} sessions alive`,
    samples,
    "ao --version (baseline)",
  );
  const ratio =
    median(samples[`ao status (${sessions} sessions)`]) / median(samples["ao --version (baseline)"]);
  console.log(
    `\nao status / ao --version = ${ratio.toFixed(2)}x (goal <= 2.00x): ${ratio <= 2 ? "met" : "NOT met"}`,
  );
} finally {
  world.dispose();
}
