// Writes docs/map.md, a short map of the code generated from the code itself: the layers and the
// imports between them, the areas of src/core with their entry files and their layers, where each
// user-visible action starts, the MCP tools and the events; and the table of core's areas in layers
// in docs/architecture.md. test/scripts/map.test.ts fails when either is stale, when an import goes
// against the layers' arrows, when an outer layer imports a core area through anything but its
// entry file, and when core's areas import each other in a cycle.
//
//   node scripts/generate-map.mjs          write docs/map.md and docs/architecture.md's table
//   node scripts/generate-map.mjs --check  exit 1 when either is stale
import { readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { sourceGraph } from "./map-graph.mjs";
import { renderMap, withAreaLayers } from "./map-render.mjs";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const graph = sourceGraph();
const architecture = join(ROOT, "docs/architecture.md");
const targets = [
  { path: join(ROOT, "docs/map.md"), text: await renderMap(graph) },
  { path: architecture, text: await withAreaLayers(readFileSync(architecture, "utf8"), graph) },
];
const stale = targets.filter(({ path, text }) => readFileSync(path, "utf8") !== text);
if (process.argv.includes("--check")) {
  for (const { path } of stale)
    console.error(`${relative(ROOT, path)} is stale: run node scripts/generate-map.mjs`);
  process.exitCode = stale.length > 0 ? 1 : 0;
} else {
  for (const { path, text } of stale) writeFileSync(path, text);
  console.log(`wrote ${stale.map(({ path }) => relative(ROOT, path)).join(", ") || "nothing (up to date)"}`);
}
