// Rewrites test/durations.json from a vitest JSON report: each file's seconds, which
// test/helpers/duration-shards.ts uses to cut the long groups into parts of about equal time
// (scripts/test.mjs, docs/testing.md). Files under a second are left out (they count as
// UNKNOWN_FILE_SECONDS). Usage: node scripts/test-durations.mjs <report.json>
// (`npm test -- --reporter=json --outputFile=report.json` writes one; so does .ci/run).
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const target = join(root, "test", "durations.json");
const [reportPath] = process.argv.slice(2);
if (reportPath === undefined) {
  console.error("usage: node scripts/test-durations.mjs <vitest JSON report>");
  process.exit(2);
}
const report = JSON.parse(readFileSync(reportPath, "utf8"));
const seconds = {};
for (const file of [...report.testResults].sort((a, b) => (a.name < b.name ? -1 : 1))) {
  const taken = Math.max(0, file.endTime - file.startTime) / 1000;
  if (taken >= 1) seconds[repositoryPath(file.name)] = Math.round(taken * 10) / 10;
}
/**
 * The file's path from the repository's root: a report made in another clone (CI's) names files
 * under that clone, so the path is taken from its `test/` folder on.
 */
function repositoryPath(name) {
  const path = relative(root, name).split("\\").join("/");
  if (!path.startsWith("../")) return path;
  const at = name.split("\\").join("/").lastIndexOf("/test/");
  return at < 0
    ? path
    : name
        .split("\\")
        .join("/")
        .slice(at + 1);
}

const about = "seconds per test file from a past run; scripts/test-durations.mjs <report> rewrites it";
writeFileSync(target, `${JSON.stringify({ about, seconds }, null, 2)}\n`);
console.log(`test-durations: ${Object.keys(seconds).length} files written to ${relative(root, target)}`);
