// Writes docs/map.md, a short map of the code generated from the code itself: the layers and the
// imports between them, the areas of src/core with their entry files, where each user-visible
// action starts, the MCP tools and the events. test/scripts/map.test.ts fails when the committed
// map is stale, when an import goes against the layers' arrows, when an outer layer imports a core
// area through anything but its entry file, and when core's areas import each other in a cycle.
//
//   node scripts/generate-map.mjs          write docs/map.md
//   node scripts/generate-map.mjs --check  exit 1 when docs/map.md is stale
import { readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { sourceGraph } from "./map-graph.mjs";
import { renderMap } from "./map-render.mjs";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const TARGET = join(ROOT, "docs/map.md");
const text = await renderMap(sourceGraph());
if (process.argv.includes("--check")) {
  const stale = readFileSync(TARGET, "utf8") !== text;
  if (stale) console.error("docs/map.md is stale: run node scripts/generate-map.mjs");
  process.exitCode = stale ? 1 : 0;
} else {
  writeFileSync(TARGET, text);
  console.log(`wrote ${relative(ROOT, TARGET)}`);
}
