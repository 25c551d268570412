// Prints vitest's JSON report as the plain line CI reads: "N passed, N failed[, N skipped]".
import { readFileSync } from "node:fs";

const path = process.argv[2];
let report;
try {
  report = JSON.parse(readFileSync(path, "utf8"));
} catch (error) {
  console.log("0 passed, 1 failed");
  console.error(`summary: no test report at ${path}: ${error.message}`);
  process.exit(1);
}
const skipped = report.numPendingTests + report.numTodoTests;
// A test file that fails to load has no failed tests but is a failure all the same.
const failed = report.numFailedTests || (report.success ? 0 : Math.max(1, report.numFailedTestSuites));
console.log(`${report.numPassedTests} passed, ${failed} failed, ${skipped} skipped`);
if (report.numTotalTests === 0) process.exit(1);
