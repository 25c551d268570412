// Renders docs/map.md from the source graph (scripts/generate-map.mjs) and the hand-kept tables
// (scripts/map-tables.mjs). Every figure and name in the map is read from the code at render time.
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import * as prettier from "prettier";
import { areaLayers, areaOf, entryOf, layerOf } from "./map-graph.mjs";
import { ACTIONS, GLOSSARY, LAYERS, PROCESS_STARTERS } from "./map-tables.mjs";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const read = (file) => readFileSync(join(ROOT, file), "utf8");
const lines = (file) => read(file).split("\n").length;
const row = (cells) => `| ${cells.join(" | ")} |`;
const section = (title, intro, body) => [`## ${title}`, "", intro, "", body, ""].join("\n");
const table = (head, rows) => [row(head), row(head.map(() => "---")), ...rows.map(row)].join("\n");

/** docs/map.md's text, formatted as prettier would. */
export async function renderMap(graph) {
  const text = [
    "# A map of the code",
    "",
    "Generated from the source by `node scripts/generate-map.mjs`; `test/scripts/map.test.ts` fails",
    "when it is stale. To change what it says, change the code or `scripts/map-tables.mjs`.",
    "[architecture.md](architecture.md) explains the why; this page says where.",
    "",
    layersSection(graph),
    areasSection(graph),
    section("The areas in layers", AREA_LAYERS_INTRO, areaLayersTable(graph)),
    actionsSection(),
    processesSection(graph),
    toolsSection(),
    eventsSection(),
    glossarySection(),
  ].join("\n");
  const options = (await prettier.resolveConfig(join(ROOT, "docs/map.md"))) ?? {};
  return prettier.format(text, { ...options, parser: "markdown" });
}

function layersSection(graph) {
  const rows = Object.entries(LAYERS).map(([layer, { what, imports }]) => {
    const files = graph.filter((node) => layerOf(node.file) === layer);
    const total = files.reduce((sum, node) => sum + lines(node.file), 0);
    const arrows = Object.keys(imports).map((to) => `\`${to}\``);
    return [`\`src/${layer}\``, what, String(files.length), String(total), arrows.join(", ") || "—"];
  });
  return section(
    "Layers",
    "Imports point only the ways the last column allows; the map test checks every import.",
    table(["layer", "what lives there", "files", "lines", "may import"], rows),
  );
}

function areasSection(graph) {
  const areas = [...new Set(graph.map((node) => areaOf(node.file)).filter(Boolean))].sort();
  const rows = areas.map((area) => {
    const files = graph.filter((node) => areaOf(node.file) === area);
    const entry = entryOf(area);
    const users = graph.filter(
      (node) =>
        ["cli", "web", "mcp"].includes(layerOf(node.file)) &&
        node.imports.some(({ path }) => areaOf(path) === area),
    );
    return [
      `\`${area}\``,
      `\`${entry.slice(4)}\``,
      String(files.length),
      String(users.length),
      summaryOf(entry),
    ];
  });
  return section(
    "The areas of `src/core`",
    "The outer layers (cli, web, mcp) import an area only through its entry file.",
    table(["area", "entry file", "files", "used by outer files", "what it is"], rows),
  );
}

const AREA_LAYERS_INTRO =
  "Lowest first: an area imports, at run time, only areas of the layers below its own (type-only imports are erased and do not count), so the areas form no cycle; the map test fails on one.";

/** Core's areas by layer, lowest first (areaLayers): docs/architecture.md shows the same table. */
function areaLayersTable(graph) {
  const rows = areaLayers(graph).map((areas, layer) => [
    String(layer),
    areas.map((a) => `\`${a}\``).join(", "),
  ]);
  return table(["layer", "areas"], rows);
}

const LAYERS_BEGIN = "<!-- area layers: written by scripts/generate-map.mjs -->";
const LAYERS_END = "<!-- end of area layers -->";

/**
 * docs/architecture.md's text with its table of the areas in layers (between two comment lines)
 * made from the code, formatted as prettier would; throws when the comment lines are missing.
 */
export async function withAreaLayers(text, graph) {
  const begin = text.indexOf(LAYERS_BEGIN);
  const end = text.indexOf(LAYERS_END);
  if (begin < 0 || end < begin) throw new Error(`docs/architecture.md lost its ${LAYERS_BEGIN} block`);
  const options = (await prettier.resolveConfig(join(ROOT, "docs/architecture.md"))) ?? {};
  const body = await prettier.format(areaLayersTable(graph), { ...options, parser: "markdown" });
  return `${text.slice(0, begin + LAYERS_BEGIN.length)}\n\n${body}\n${text.slice(end)}`;
}

/** The first sentence of a file's leading comment, or a dash. */
function summaryOf(file) {
  let text;
  try {
    text = read(file);
  } catch {
    return "—";
  }
  const comment = /^(?:import[^\n]*\n|\s)*(?:\/\*\*([\s\S]*?)\*\/|((?:\/\/[^\n]*\n)+))/.exec(text);
  const body = (comment?.[1] ?? comment?.[2] ?? "").replace(/^\s*(\*|\/\/) ?/gm, "").replace(/\s+/g, " ");
  const sentence = /^(.*?\.)(\s|$)/.exec(body.trim())?.[1] ?? body.trim();
  return sentence === "" ? "—" : sentence.replace(/\|/g, "\\|");
}

function actionsSection() {
  const rows = ACTIONS.map(({ action, symbol, file }) => {
    const exported = new RegExp(`^export (async )?(function|const|class) ${symbol}\\b`, "m");
    if (!exported.test(read(file))) throw new Error(`map-tables: ${file} no longer exports ${symbol}`);
    return [action, `\`${symbol}\``, `\`${file}\``];
  });
  return section(
    "Where things happen",
    "Each row names an export the map checks exists.",
    table(["action", "starts at", "in"], rows),
  );
}

function processesSection(graph) {
  const starters = graph
    .map((node) => node.file)
    .filter((file) => /from "node:child_process"/.test(read(file)))
    .sort();
  const listed = Object.keys(PROCESS_STARTERS).sort();
  if (starters.join() !== listed.join()) {
    throw new Error(
      `map-tables: PROCESS_STARTERS lists ${listed.join(", ")}; the code has ${starters.join(", ")}`,
    );
  }
  const rows = starters.map((file) => [`\`${file}\``, PROCESS_STARTERS[file]]);
  return section(
    "Where processes start",
    "Every other process goes through `ctx.exec` (`src/core/exec.ts`): an argument array, never a shell.",
    table(["file", "why not `ctx.exec`"], rows),
  );
}

function toolsSection() {
  const files = readdirSync(join(ROOT, "src/mcp")).filter((name) => name.endsWith(".ts"));
  const rows = files.flatMap((name) =>
    [...read(`src/mcp/${name}`).matchAll(/registerTool\(\s*"([a-z_]+)",\s*\{\s*title:\s*"([^"]+)"/g)].map(
      (match) => [`\`${match[1]}\``, match[2], `\`src/mcp/${name}\``],
    ),
  );
  return [
    "## MCP tools",
    "",
    `The control plane (\`ao mcp\`, [control-plane.md](control-plane.md)) offers ${rows.length} tools.`,
    "",
    table(["tool", "title", "in"], rows),
    "",
  ].join("\n");
}

function eventsSection() {
  const known = read("src/core/events/event-types.ts");
  const types = [...known.matchAll(/^\s+"([a-z_]+\.[a-z_.]+)": true,$/gm)].map((match) => match[1]);
  const families = [...new Set(types.map((type) => type.split(".")[0]))];
  const rows = families.map((family) => [
    `\`${family}\``,
    types
      .filter((type) => type.startsWith(`${family}.`))
      .map((type) => `\`${type.slice(family.length + 1)}\``)
      .join(", "),
  ]);
  return section(
    "Events",
    `${types.length} event types in ${families.length} families; fields in [events.md](events.md).`,
    table(["family", "types"], rows),
  );
}

function glossarySection() {
  return ["## Glossary", "", ...GLOSSARY.map(([word, meaning]) => `- **${word}**: ${meaning}`), ""].join(
    "\n",
  );
}
