// Prints vitest's JSON report as CI reads it: the run's wall time beside the sum of its files'
// durations (their ratio is what running files side by side saved), then, when .ci/run also ran the
// suite one file at a time, the serial run's wall time beside the parallel one and any failure of
// the serial run as a warning, then each test that passed only on a second try (AO_TEST_RETRY),
// then, last, the parallel run's plain line "N passed, N failed, N skipped".
//
// Arguments: the report's path and the run's wall time in ms; optionally the serial run's report
// and wall time in ms (AO_CI_SERIAL=0 in .ci/run leaves them out).
import { readFileSync } from "node:fs";
import { relative } from "node:path";

const [path, wallArg, serialPath, serialWallArg] = process.argv.slice(2);
const report = readReport(path);
if (report === undefined) {
  console.log("0 passed, 1 failed");
  process.exit(1);
}
console.log(timing(report.testResults, Number(wallArg)));
if (serialPath !== undefined)
  for (const line of serialLines(serialPath, Number(serialWallArg))) console.log(line);
for (const line of retriedLines(report)) console.log(line);
const skipped = report.numPendingTests + report.numTodoTests;
console.log(`${report.numPassedTests} passed, ${failures(report)} failed, ${skipped} skipped`);
if (report.numTotalTests === 0) process.exit(1);

/** The parsed report, or undefined after saying on stderr why there is none. */
function readReport(file) {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    console.error(`summary: no test report at ${file}: ${error.message}`);
    return undefined;
  }
}

/** A test file that fails to load has no failed tests but is a failure all the same. */
function failures(run) {
  return run.numFailedTests || (run.success ? 0 : Math.max(1, run.numFailedTestSuites));
}

/** "12.3 s". */
function seconds(ms) {
  return `${(ms / 1000).toFixed(1)} s`;
}

/** The wall time, measured or (run by hand) the span from the first file's start to the last's end. */
function wallOf(files, wallMs) {
  if (Number.isFinite(wallMs) && wallMs > 0) return wallMs;
  if (files.length === 0) return 0;
  return Math.max(...files.map((f) => f.endTime)) - Math.min(...files.map((f) => f.startTime));
}

/** "wall 512.3 s, files 1804.0 s in all, 3.52× parallel speed-up (312 files)". */
function timing(files, wallMs) {
  if (files.length === 0) return "test run: no test files ran";
  const sum = files.reduce((total, file) => total + Math.max(0, file.endTime - file.startTime), 0);
  const wall = wallOf(files, wallMs);
  const ratio = wall > 0 ? (sum / wall).toFixed(2) : "n/a";
  return `test run: wall ${seconds(wall)}, files ${seconds(sum)} in all, ${ratio}× parallel speed-up (${files.length} files)`;
}

/**
 * "serial wall 1012.4 s, parallel wall 487.0 s: parallel is 0.48 of serial", then a warning naming
 * the serial run's failed files, if any (the parallel run's result is the one CI goes by).
 */
function serialLines(file, serialWallMs) {
  const serial = readReport(file);
  if (serial === undefined) return [`warning: the serial run left no report at ${file}`];
  const parallelWall = wallOf(report.testResults, Number(wallArg));
  const serialWall = wallOf(serial.testResults, serialWallMs);
  const share = serialWall > 0 ? (parallelWall / serialWall).toFixed(2) : "n/a";
  const lines = [
    `serial wall ${seconds(serialWall)}, parallel wall ${seconds(parallelWall)}: parallel is ${share} of serial`,
  ];
  const failed = failures(serial);
  if (failed > 0) {
    const names = serial.testResults
      .filter((f) => f.status === "failed")
      .map((f) => relative(process.cwd(), f.name));
    const where = names.length > 0 ? `: ${names.join(", ")}` : "";
    lines.push(`warning: the serial run had ${failed} failed (${serial.numPassedTests} passed)${where}`);
  }
  return lines;
}

/**
 * "flaky: test/e2e/x.test.ts > it does y (first try: AssertionError: …)" for each test that
 * passed only on its second try (AO_TEST_RETRY): vitest keeps the first try's failure on a passed test.
 */
function retriedLines(run) {
  const lines = [];
  for (const file of run.testResults)
    for (const test of file.assertionResults ?? [])
      if (test.status === "passed" && (test.failureMessages ?? []).length > 0) {
        const first = String(test.failureMessages[0]).split("\n")[0].slice(0, 200);
        lines.push(`flaky: ${relative(process.cwd(), file.name)} > ${test.fullName} (first try: ${first})`);
      }
  if (lines.length > 0) lines.push(`${lines.length} passed only on a second try: each is a defect to fix`);
  return lines;
}
