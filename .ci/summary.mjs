// Prints vitest's JSON report as CI reads it: the run's wall time beside the sum of its files'
// durations (their ratio is what running files side by side saved), then, last, the plain line
// "N passed, N failed, N skipped". Arguments: the report's path and the run's wall time in ms.
import { readFileSync } from "node:fs";

const [path, wallArg] = process.argv.slice(2);
let report;
try {
  report = JSON.parse(readFileSync(path, "utf8"));
} catch (error) {
  console.log("0 passed, 1 failed");
  console.error(`summary: no test report at ${path}: ${error.message}`);
  process.exit(1);
}
console.log(timing(report.testResults, Number(wallArg)));
const skipped = report.numPendingTests + report.numTodoTests;
// A test file that fails to load has no failed tests but is a failure all the same.
const failed = report.numFailedTests || (report.success ? 0 : Math.max(1, report.numFailedTestSuites));
console.log(`${report.numPassedTests} passed, ${failed} failed, ${skipped} skipped`);
if (report.numTotalTests === 0) process.exit(1);

/** "wall 512.3 s, files 1804.0 s in all, 3.52× parallel speed-up (312 files)". */
function timing(files, wallMs) {
  if (files.length === 0) return "test run: no test files ran";
  const durations = files.map((file) => Math.max(0, file.endTime - file.startTime));
  const sum = durations.reduce((total, ms) => total + ms, 0);
  // Without a measured wall time (run by hand), the span from the first file's start to the last's end.
  const span = Math.max(...files.map((f) => f.endTime)) - Math.min(...files.map((f) => f.startTime));
  const wall = Number.isFinite(wallMs) && wallMs > 0 ? wallMs : span;
  const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
  const ratio = wall > 0 ? (sum / wall).toFixed(2) : "n/a";
  return `test run: wall ${seconds(wall)}, files ${seconds(sum)} in all, ${ratio}× parallel speed-up (${files.length} files)`;
}
