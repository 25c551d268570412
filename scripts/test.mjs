// `npm test` after the build: the suite's groups (vitest.config.ts `projects`: core, integration,
// e2e, browser) run side by side in LANES lanes, one vitest process per run with the group's own
// worker count, then one report is made of all of them (vitest's blob reports, merged). The long
// groups, integration and e2e, are cut in parts (`--shard`, balanced by test/durations.json) that
// the lanes take in turn as they come free, so the lanes end at about the same time while no more
// runs are side by side than before (AT_ONCE: two e2e files at once at most, one per part).
//
// AO_TEST_WORKERS=1 is the serial run the parallel one is measured against: one lane, each group
// whole, one after another, one file at a time (vitest.config.ts caps every group's workers).
//
// Arguments: `--reporter…` and `--outputFile…` go to the merged report (what .ci/run passes);
// anything else (file filters, -t) goes to every run. Prints each run's exit code and time as it
// ends, then the merged report; exits 1 when any run or the report failed.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const vitest = join(root, "node_modules", "vitest", "vitest.mjs");
const SERIAL = process.env["AO_TEST_WORKERS"] === "1";
/**
 * The groups in the order the lanes take them. A long group is cut in an even number of parts: with
 * two parts of it at once (AT_ONCE), three parts ran as two rounds, the last part alone, so the
 * group took two thirds of its serial time instead of a half (CI of 2026-12-04: e2e's three parts
 * kept the run at 0.54 of the serial one).
 */
const PARALLEL_RUNS = [
  { project: "core" },
  { project: "e2e", shard: "1/4" },
  { project: "e2e", shard: "2/4" },
  { project: "integration", shard: "1/2" },
  { project: "integration", shard: "2/2" },
  { project: "e2e", shard: "3/4" },
  { project: "e2e", shard: "4/4" },
  { project: "browser" },
];
const SERIAL_RUNS = ["core", "integration", "e2e", "browser"].map((project) => ({ project }));
const RUNS = SERIAL ? SERIAL_RUNS : PARALLEL_RUNS;
const LANES = SERIAL ? 1 : 4;
/** Parts of one group side by side at most: more e2e or integration files at once timed out under load. */
const AT_ONCE = { e2e: 2, integration: 2 };

const args = process.argv.slice(2);
const isReportOption = (arg) => /^--(reporter|outputFile)(\.|=|$)/.test(arg);
const reportArgs = args.filter(isReportOption);
const runArgs = args.filter((arg) => !isReportOption(arg));
const blobs = mkdtempSync(join(tmpdir(), "ao-vitest-blobs-"));

/** One vitest process; resolves to its exit code. */
function vitestRun(argv, stdio) {
  const child = spawn(process.execPath, [vitest, ...argv], { cwd: root, stdio });
  return new Promise((resolve) => child.on("close", (code, signal) => resolve(code ?? (signal ? 1 : 0))));
}

/** One run into its blob report, its own output kept quiet but for errors. */
async function runOne({ project, shard }) {
  const started = performance.now();
  const name = shard === undefined ? project : `${project} ${shard}`;
  const argv = ["run", "--project", project, "--passWithNoTests", "--reporter=blob"];
  if (shard !== undefined) argv.push(`--shard=${shard}`);
  const blob = join(blobs, `${name.replace(/\W+/g, "-")}.json`);
  const code = await vitestRun(
    [...argv, `--outputFile=${blob}`, ...runArgs],
    ["ignore", "ignore", "inherit"],
  );
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  process.stderr.write(`test: ${name} ended with exit code ${code} after ${seconds}s\n`);
  return code;
}

/**
 * Each lane takes the first queued run whose group is not at its AT_ONCE limit whenever a run
 * ends; resolves to every run's exit code.
 */
function runLanes(runs, lanes) {
  const queue = [...runs];
  const codes = [];
  const running = new Map();
  let active = 0;
  return new Promise((resolve) => {
    const start = (run) => {
      active += 1;
      running.set(run.project, (running.get(run.project) ?? 0) + 1);
      void runOne(run).then((code) => {
        codes.push(code);
        active -= 1;
        running.set(run.project, running.get(run.project) - 1);
        fill();
      });
    };
    const fill = () => {
      for (let index = 0; index < queue.length && active < lanes;) {
        const run = queue[index];
        if ((running.get(run.project) ?? 0) < (AT_ONCE[run.project] ?? lanes))
          start(queue.splice(index, 1)[0]);
        else index += 1;
      }
      if (active === 0 && queue.length === 0) resolve(codes);
    };
    fill();
  });
}

try {
  const started = performance.now();
  const codes = await runLanes(RUNS, LANES);
  const wall = ((performance.now() - started) / 1000).toFixed(1);
  process.stderr.write(`test: all runs ended after ${wall}s; merging their reports\n`);
  const reporters = reportArgs.some((arg) => arg.startsWith("--reporter")) ? [] : ["--reporter=default"];
  const merged = await vitestRun(["run", `--merge-reports=${blobs}`, ...reporters, ...reportArgs], "inherit");
  process.exitCode = merged !== 0 || codes.some((code) => code !== 0) ? 1 : 0;
} finally {
  rmSync(blobs, { recursive: true, force: true });
}
