import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { durationSequencer } from "./test/helpers/duration-shards.js";

/**
 * The suite in four groups, chosen by where a file is, so a new test file lands in one without
 * being listed (docs/testing.md). `npm test` (scripts/test.mjs) runs the groups side by side, each
 * with its own worker count, the long ones cut in parts (`--shard`, balanced by the past durations
 * in test/durations.json); a bare `vitest run` runs them one group after another.
 *
 * Most of a test's time is spent waiting on git, tmux, SQLite, child processes and polls, not on a
 * core, so the groups together run more workers than there are cores.
 */
const cores = Math.max(1, availableParallelism());
/** AO_TEST_WORKERS=1: every group one file at a time (the serial run the parallel one is measured against). */
const cap = Number(process.env["AO_TEST_WORKERS"] ?? "") || Infinity;
/**
 * AO_TEST_RETRY=1 (.ci/run sets it): a failed test runs once more. CI's summary
 * names every test that needed it (.ci/summary.mjs), so a flaky test is seen, never hidden.
 */
const retry = Number(process.env["AO_TEST_RETRY"] ?? "") || 0;
const BROWSER = "test/**/*.browser.test.ts";
const E2E = "test/e2e/**/*.test.ts";
const CORE = "test/core/**/*.test.ts";

/** One group: its files and how many run at once; groupOrder keeps a bare `vitest run` legal. */
function group(
  name: string,
  order: number,
  maxWorkers: number,
  include: string[],
  exclude: string[] = [],
  timeoutMs?: number,
) {
  const timeouts = timeoutMs === undefined ? {} : { testTimeout: timeoutMs, hookTimeout: timeoutMs };
  return {
    extends: true as const,
    test: {
      name,
      include,
      exclude,
      maxWorkers: Math.min(maxWorkers, cap),
      retry,
      sequence: { groupOrder: order },
      ...timeouts,
    },
  };
}

export default defineConfig({
  test: {
    // Real git, tmux and SQLite make some tests slow on a 2-core machine, the more so with the groups
    // side by side; a timeout is a hang guard, not a benchmark.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // `expect.poll` waits for what a page or a daemon shows; vitest's default of 1 s is shorter than
    // one request to the dashboard under CI's load (a queue action took longer, 2026-12-04).
    expect: { poll: { timeout: 20_000 } },
    pool: "forks",
    sequence: {
      sequencer: durationSequencer(fileURLToPath(new URL("test/durations.json", import.meta.url))),
    },
    projects: [
      // In-process core logic: real SQLite and git in temp dirs, no built ao.
      group("core", 0, cores, [CORE], [BROWSER]),
      // Plugins, CLI commands, contracts, the web server: real git, tmux, podman, loopback HTTP.
      // One file at a time per vitest process: tmux, agents and daemons under load from the other
      // groups time out (three e2e and integration files did at two workers each in a fresh-clone CI
      // run, 2026-12-03). scripts/test.mjs runs the group in two parts, side by side.
      group("integration", 1, 1, ["test/**/*.test.ts"], [CORE, E2E, BROWSER]),
      // Through the built ao (dist/): ao, its daemon, tmux and fake agents per test. In four parts
      // too, two at most at once, so its tests get a longer hang guard than the others.
      group("e2e", 2, 1, [E2E], [BROWSER], 180_000),
      // A real chromium driving the dashboard: one at a time, each is a heavy process tree.
      group("browser", 3, 1, [BROWSER]),
    ],
  },
});
