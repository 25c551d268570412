// `npm test` after the build: the suite's groups (vitest.config.ts `projects`: core, integration,
// e2e, browser) run side by side, one vitest process each with its own worker count, then one
// report is made of all of them (vitest's blob reports, merged).
//
// Arguments: `--reporter…` and `--outputFile…` go to the merged report (what .ci/run passes);
// anything else (file filters, -t) goes to every group. Prints each group's exit code and time as it
// ends, then the merged report; exits 1 when any group or the report failed.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const vitest = join(root, "node_modules", "vitest", "vitest.mjs");
const GROUPS = ["core", "integration", "e2e", "browser"];

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

/** One group into its blob report, its own output kept quiet but for errors. */
async function runGroup(name) {
  const started = performance.now();
  const argv = ["run", "--project", name, "--passWithNoTests", "--reporter=blob"];
  const code = await vitestRun(
    [...argv, `--outputFile=${join(blobs, `${name}.json`)}`, ...runArgs],
    ["ignore", "ignore", "inherit"],
  );
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  process.stderr.write(`test: group ${name} ended with exit code ${code} after ${seconds}s\n`);
  return code;
}

try {
  const started = performance.now();
  const codes = await Promise.all(GROUPS.map(runGroup));
  const wall = ((performance.now() - started) / 1000).toFixed(1);
  process.stderr.write(`test: all groups ended after ${wall}s; merging their reports\n`);
  const reporters = reportArgs.some((arg) => arg.startsWith("--reporter")) ? [] : ["--reporter=default"];
  const merged = await vitestRun(["run", `--merge-reports=${blobs}`, ...reporters, ...reportArgs], "inherit");
  process.exitCode = merged !== 0 || codes.some((code) => code !== 0) ? 1 : 0;
} finally {
  rmSync(blobs, { recursive: true, force: true });
}
