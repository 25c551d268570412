// Runs every benchmark in bench/ one after another (npm run bench).
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";

const dir = fileURLToPath(new URL(".", import.meta.url));
let failed = 0;
for (const file of readdirSync(dir)
  .filter((f) => f.endsWith(".mjs") && f !== "run-all.mjs")
  .sort()) {
  console.log(`\n=== bench/${file}`);
  const result = spawnSync(process.execPath, [`${dir}${file}`], { stdio: "inherit" });
  if (result.status !== 0) failed++;
}
process.exit(failed === 0 ? 0 : 1);
