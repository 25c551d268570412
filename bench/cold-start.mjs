// Cold start: how long `ao --version` and `ao config validate` take next to a bare `node -e 0`.
// Goal (issue: foundation): `ao --version` within 2x of `node -e 0`.
// Run: npm run build && node bench/cold-start.mjs [--runs 30]
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { interleave, median, report, timeOnce } from "./lib/measure.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const ao = join(root, "bin", "ao.js");
const example = join(root, "agent-orchestrator.yaml.example");
const runsFlag = process.argv.indexOf("--runs");
const runs = runsFlag > 0 ? Number(process.argv[runsFlag + 1]) : 30;

const home = mkdtempSync(join(tmpdir(), "ao-bench-"));
const options = { cwd: root, env: { ...process.env, AO_HOME: home, NO_COLOR: "1" } };
try {
  const samples = interleave(
    [
      { name: "node -e 0 (baseline)", run: () => timeOnce([process.execPath, "-e", "0"], options) },
      { name: "ao --version", run: () => timeOnce([process.execPath, ao, "--version"], options) },
      { name: "ao --help", run: () => timeOnce([process.execPath, ao, "--help"], options) },
      {
        name: "ao config validate (example)",
        run: () => timeOnce([process.execPath, ao, "--config", example, "config", "validate"], options),
      },
    ],
    { runs },
  );
  report(`cold start, ${runs} runs each, interleaved`, samples, "node -e 0 (baseline)");
  const ratio = median(samples["ao --version"]) / median(samples["node -e 0 (baseline)"]);
  console.log(
    `\nao --version / node -e 0 = ${ratio.toFixed(2)}x (goal <= 2.00x): ${ratio <= 2 ? "met" : "NOT met"}`,
  );
} finally {
  rmSync(home, { recursive: true, force: true });
}
