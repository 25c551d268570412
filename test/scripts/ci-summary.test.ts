import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { makeTempDir } from "../helpers/temp-dir.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
const summary = join(root, ".ci/summary.mjs");

interface FileResult {
  name: string;
  status: "passed" | "failed";
  startTime: number;
  endTime: number;
}

/** A vitest JSON report as small as .ci/summary.mjs reads it. */
function writeReport(dir: string, name: string, files: FileResult[], failedTests = 0): string {
  const path = join(dir, name);
  const failedFiles = files.filter((file) => file.status === "failed").length;
  writeFileSync(
    path,
    JSON.stringify({
      numTotalTests: 10,
      numPassedTests: 10 - failedTests,
      numFailedTests: failedTests,
      numFailedTestSuites: failedFiles,
      numPendingTests: 0,
      numTodoTests: 0,
      success: failedFiles === 0,
      testResults: files,
    }),
  );
  return path;
}

function summarize(args: string[]): { lines: string[]; status: number | null; stderr: string } {
  const result = spawnSync(process.execPath, [summary, ...args], { cwd: root, encoding: "utf8" });
  return { lines: result.stdout.trimEnd().split("\n"), status: result.status, stderr: result.stderr };
}

const file = (name: string, startTime: number, endTime: number, status: FileResult["status"] = "passed") => ({
  name: join(root, name),
  status,
  startTime,
  endTime,
});

describe(".ci/summary.mjs", () => {
  it("prints the parallel run's times, then its counts last, without a serial report", () => {
    const dir = makeTempDir("ao-summary-");
    const report = writeReport(dir, "parallel.json", [
      file("test/a.test.ts", 0, 3000),
      file("test/b.test.ts", 0, 5000),
    ]);
    const { lines, status } = summarize([report, "4000"]);
    expect(lines).toEqual([
      "test run: wall 4.0 s, files 8.0 s in all, 2.00× parallel speed-up (2 files)",
      "10 passed, 0 failed, 0 skipped",
    ]);
    expect(status).toBe(0);
  });

  it("puts the serial run's wall beside the parallel one, the parallel counts still last", () => {
    const dir = makeTempDir("ao-summary-");
    const parallel = writeReport(dir, "parallel.json", [file("test/a.test.ts", 0, 3000)]);
    const serial = writeReport(dir, "serial.json", [file("test/a.test.ts", 0, 2000)]);
    const { lines, status } = summarize([parallel, "4000", serial, "10000"]);
    expect(lines.slice(1)).toEqual([
      "serial wall 10.0 s, parallel wall 4.0 s: parallel is 0.40 of serial",
      "10 passed, 0 failed, 0 skipped",
    ]);
    expect(status).toBe(0);
  });

  it("warns of the serial run's failures by file, while the last line stays the parallel run's", () => {
    const dir = makeTempDir("ao-summary-");
    const parallel = writeReport(dir, "parallel.json", [file("test/a.test.ts", 0, 3000)]);
    const serial = writeReport(
      dir,
      "serial.json",
      [file("test/a.test.ts", 0, 2000), file("test/e2e/slow.test.ts", 2000, 9000, "failed")],
      2,
    );
    const { lines, status } = summarize([parallel, "4000", serial, "10000"]);
    expect(lines.slice(1)).toEqual([
      "serial wall 10.0 s, parallel wall 4.0 s: parallel is 0.40 of serial",
      "warning: the serial run had 2 failed (8 passed): test/e2e/slow.test.ts",
      "10 passed, 0 failed, 0 skipped",
    ]);
    expect(status).toBe(0);
  });

  it("warns when the serial run left no report, and fails when the parallel one left none", () => {
    const dir = makeTempDir("ao-summary-");
    const parallel = writeReport(dir, "parallel.json", [file("test/a.test.ts", 0, 3000)]);
    const missing = join(dir, "missing.json");
    const serialGone = summarize([parallel, "4000", missing, "10000"]);
    expect(serialGone.lines.slice(1)).toEqual([
      `warning: the serial run left no report at ${missing}`,
      "10 passed, 0 failed, 0 skipped",
    ]);
    expect(serialGone.status).toBe(0);
    const parallelGone = summarize([missing, "4000"]);
    expect(parallelGone.lines).toEqual(["0 passed, 1 failed"]);
    expect(parallelGone.stderr).toContain(`no test report at ${missing}`);
    expect(parallelGone.status).toBe(1);
  });

  it("names each test that passed only on its second try, before the counts", () => {
    const dir = makeTempDir("ao-summary-");
    const retried = {
      ...file("test/e2e/x.test.ts", 0, 3000),
      assertionResults: [
        { fullName: "steady one", status: "passed", failureMessages: [] },
        {
          fullName: "flaky one",
          status: "passed",
          failureMessages: ["AssertionError: expected 1 to be 2\n    at x"],
        },
      ],
    };
    const report = writeReport(dir, "parallel.json", [retried]);
    const { lines, status } = summarize([report, "4000"]);
    expect(lines.slice(1)).toEqual([
      "flaky: test/e2e/x.test.ts > flaky one (first try: AssertionError: expected 1 to be 2)",
      "1 passed only on a second try: each is a defect to fix",
      "10 passed, 0 failed, 0 skipped",
    ]);
    expect(status).toBe(0);
  });
});
