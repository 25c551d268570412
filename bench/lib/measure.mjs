// Shared timing helpers for bench/*.mjs. Every benchmark compares against a baseline measured in
// the same run, on the same machine, interleaved, so machine load affects both sides alike.
import { spawnSync } from "node:child_process";
import { availableParallelism, loadavg } from "node:os";

/** Wall time of one run of argv, in milliseconds. Throws when the command fails. */
export function timeOnce(argv, options = {}) {
  const start = process.hrtime.bigint();
  const result = spawnSync(argv[0], argv.slice(1), { stdio: ["ignore", "pipe", "pipe"], ...options });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (result.status !== 0) {
    throw new Error(`${argv.join(" ")} exited ${result.status}: ${String(result.stderr).slice(0, 500)}`);
  }
  return ms;
}

/** Runs each case `runs` times, round-robin after `warmup` rounds; returns samples per case name. */
export function interleave(cases, { runs = 20, warmup = 3 } = {}) {
  const samples = Object.fromEntries(cases.map((c) => [c.name, []]));
  for (let round = 0; round < warmup + runs; round++) {
    for (const c of cases) {
      const ms = c.run();
      if (round >= warmup) samples[c.name].push(ms);
    }
  }
  return samples;
}

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** Prints one row per case: median, p90, and the ratio of the median to the baseline's median. */
export function report(title, samples, baseline) {
  const base = median(samples[baseline]);
  console.log(`\n${title}`);
  // Ratios hold up on a busy machine (both sides are slowed alike); absolute times do not.
  const [load] = loadavg();
  console.log(`machine: ${availableParallelism()} cores, load average ${load.toFixed(1)} (1 min)`);
  console.log(
    `${"case".padEnd(34)} ${"median ms".padStart(10)} ${"p90 ms".padStart(8)} ${"ratio".padStart(7)}`,
  );
  for (const [name, values] of Object.entries(samples)) {
    const m = median(values);
    const row = `${name.padEnd(34)} ${m.toFixed(1).padStart(10)} ${percentile(values, 90).toFixed(1).padStart(8)}`;
    console.log(`${row} ${(m / base).toFixed(2).padStart(6)}x`);
  }
  return base;
}
