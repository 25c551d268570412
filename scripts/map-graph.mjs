// The source graph behind docs/map.md: every file under src with its relative imports, the layer
// and core area each belongs to, and the three checks the map test makes of it.
import { readFileSync, readdirSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { BROWSER_CORE, LAYERS } from "./map-tables.mjs";

const ROOT = fileURLToPath(new URL("../", import.meta.url));

/** Every .ts file under src, relative to the repository, with its relative imports resolved. */
export function sourceGraph(root = ROOT) {
  const files = walk(join(root, "src")).map((path) => relative(root, path));
  return files.map((file) => ({ file, imports: importsOf(root, file) }));
}

function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return walk(path);
    return path.endsWith(".ts") && !path.endsWith(".d.ts") ? [path] : [];
  });
}

function importsOf(root, file) {
  const text = readFileSync(join(root, file), "utf8");
  const statements = text.matchAll(
    /(?:^(import|export)\s+([^;]*?)\s+from\s+|^import\s+|\bimport\s*\(\s*)"(\.[^"]+)"/gm,
  );
  return [...statements].map((match) => ({
    path: relative(root, resolve(root, dirname(file), match[3].replace(/\.js$/, ".ts"))),
    typeOnly: match[2] !== undefined && isTypeOnly(match[2]),
  }));
}

/** `type { A }`, or `{ type A, type B }`: erased at compile time, so no runtime edge. */
function isTypeOnly(clause) {
  if (clause.startsWith("type ")) return true;
  const names = /^\{([\s\S]*)\}$/
    .exec(clause.trim())?.[1]
    .split(",")
    .map((n) => n.trim())
    .filter(Boolean);
  return names !== undefined && names.length > 0 && names.every((name) => name.startsWith("type "));
}

/** The layer a source file belongs to (a key of LAYERS). */
export function layerOf(file) {
  const [, top, next] = file.split("/");
  if (top === "web" && next === "page") return "web/page";
  return top.endsWith(".ts") ? "src" : top;
}

/** The area of src/core a file is in: its folder below core, or the file itself when at core's top. */
export function areaOf(file) {
  const parts = file.split("/");
  if (parts[1] !== "core") return undefined;
  return parts.length === 3 ? parts[2].replace(/\.ts$/, "") : parts[2];
}

/** An area's entry file: index.ts in its folder, or the file itself for a top-level core file. */
export function entryOf(area, root = ROOT) {
  const folder = join(root, "src/core", area);
  const isFolder = statSync(folder, { throwIfNoEntry: false })?.isDirectory() === true;
  return isFolder ? `src/core/${area}/index.ts` : `src/core/${area}.ts`;
}

/** Imports that go against the arrows in LAYERS: `{ from, to }` pairs. */
export function layerViolations(graph) {
  return graph.flatMap(({ file, imports }) =>
    imports
      .map(({ path }) => path)
      .filter((target) => layerOf(target) !== layerOf(file))
      .filter((target) => !allowed(file, target))
      .map((target) => ({ from: file, to: target })),
  );
}

function allowed(file, target) {
  const rule = LAYERS[layerOf(file)]?.imports[layerOf(target)];
  if (rule === undefined) return false;
  const fromOk = rule.from === undefined || rule.from.includes(file);
  const toOk =
    rule.only === undefined || rule.only.some((o) => (o.endsWith("/") ? target.startsWith(o) : o === target));
  return fromOk && toOk;
}

/**
 * Imports from cli, web and mcp into a core area through anything but that area's entry file. The
 * wire format the browser shares (src/web/api/) may also name the pure files in BROWSER_CORE.
 */
export function entryViolations(graph, root = ROOT) {
  const outer = new Set(["cli", "web", "mcp"]);
  const browserSafe = (file, target) => file.startsWith("src/web/api/") && BROWSER_CORE.includes(target);
  return graph.flatMap(({ file, imports }) =>
    outer.has(layerOf(file))
      ? imports
          .map(({ path }) => path)
          .filter((target) => layerOf(target) === "core" && target !== entryOf(areaOf(target), root))
          .filter((target) => !browserSafe(file, target))
          .map((target) => ({ from: file, to: target }))
      : [],
  );
}

/** Core's areas and the areas each imports at run time (type-only imports are erased: no edge). */
export function areaEdges(graph) {
  // A file that does not exist is no edge (a template's text can look like an import).
  const files = new Set(graph.map(({ file }) => file));
  const edges = new Map();
  for (const { file, imports } of graph) {
    const from = areaOf(file);
    if (from === undefined) continue;
    if (!edges.has(from)) edges.set(from, new Set());
    for (const { path: target, typeOnly } of imports) {
      const to = areaOf(target);
      if (!typeOnly && to !== undefined && to !== from && files.has(target)) edges.get(from).add(to);
    }
  }
  return edges;
}

/**
 * Cycles between core's areas at run time (area A imports area B which, through others, imports
 * A). Type-only imports are erased by the compiler and make no cycle.
 */
export function areaCycles(graph) {
  return stronglyConnected(areaEdges(graph)).filter((component) => component.length > 1);
}

/**
 * Core's areas in layers, lowest first: an area's layer is one above the highest it imports, so
 * each imports only from layers below its own. The areas of a cycle share a layer.
 */
export function areaLayers(graph) {
  const edges = areaEdges(graph);
  const componentOf = new Map();
  for (const component of stronglyConnected(edges))
    for (const area of component) componentOf.set(area, component);
  const layer = new Map();
  const layerOf = (area) => {
    const component = componentOf.get(area);
    if (!layer.has(component)) {
      const below = component
        .flatMap((member) => [...edges.get(member)])
        .filter((to) => !component.includes(to));
      layer.set(component, Math.max(-1, ...below.map(layerOf)) + 1);
    }
    return layer.get(component);
  };
  const layers = [];
  for (const area of [...edges.keys()].sort()) (layers[layerOf(area)] ??= []).push(area);
  return layers;
}

/** Tarjan's strongly connected components of a graph given as node → set of next nodes. */
function stronglyConnected(edges) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const components = [];
  const visit = (node) => {
    index.set(node, index.size);
    low.set(node, index.get(node));
    stack.push(node);
    for (const next of edges.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (stack.includes(next)) low.set(node, Math.min(low.get(node), index.get(next)));
    }
    if (low.get(node) !== index.get(node)) return;
    const component = stack.splice(stack.indexOf(node));
    components.push(component.sort());
  };
  for (const node of [...edges.keys()].sort()) if (!index.has(node)) visit(node);
  return components;
}
