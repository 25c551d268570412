import { readFileSync, readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  areaCycles,
  areaLayers,
  entryOf,
  entryViolations,
  layerViolations,
  sourceGraph,
} from "../../scripts/map-graph.mjs";
import { renderMap, withAreaLayers } from "../../scripts/map-render.mjs";

const graph = sourceGraph();

describe("docs/map.md", () => {
  it("is what scripts/generate-map.mjs makes of the code now", { timeout: 60_000 }, async () => {
    expect(readFileSync("docs/map.md", "utf8")).toBe(await renderMap(graph));
  });

  it(
    "docs/architecture.md's table of core's areas in layers is the code's",
    { timeout: 60_000 },
    async () => {
      const text = readFileSync("docs/architecture.md", "utf8");
      expect(text).toBe(await withAreaLayers(text, graph));
    },
  );

  it("core's areas import each other in layers, with no cycle", () => {
    expect(areaCycles(graph)).toEqual([]);
  });

  it("every import goes the way the layers' arrows allow (scripts/map-tables.mjs)", () => {
    expect(layerViolations(graph)).toEqual([]);
  });

  it("sees an import against the arrows", () => {
    const against = [
      { file: "src/core/sessions/x.ts", imports: [{ path: "src/cli/run-cli.ts", typeOnly: false }] },
    ];
    expect(layerViolations(against)).toEqual([{ from: "src/core/sessions/x.ts", to: "src/cli/run-cli.ts" }]);
    const webIntoPlugins = [
      { file: "src/web/server/x.ts", imports: [{ path: "src/plugins/agent/codex.ts", typeOnly: false }] },
    ];
    expect(layerViolations(webIntoPlugins)).toHaveLength(1);
  });

  it("names an entry file for every area: index.ts in a folder, the file itself at core's top", () => {
    expect(entryOf("store")).toBe("src/core/store/index.ts");
    expect(entryOf("errors")).toBe("src/core/errors.ts");
  });

  it("the cli, web and mcp import each area of core through its entry file only", () => {
    expect(entryViolations(graph)).toEqual([]);
  });

  it("sees a second entry point into an area used from outside", () => {
    const edge = (file: string, path: string, typeOnly = false) => ({ file, imports: [{ path, typeOnly }] });
    const throughEntry = [edge("src/cli/commands/x.ts", "src/core/sessions/index.ts")];
    expect(entryViolations(throughEntry)).toEqual([]);
    const past = [
      edge("src/cli/commands/x.ts", "src/core/sessions/kill-session.ts"),
      edge("src/mcp/x.ts", "src/core/store/sessions.ts", true),
      edge("src/core/daemon/x.ts", "src/core/sessions/kill-session.ts"),
    ];
    expect(entryViolations(past)).toEqual([
      { from: "src/cli/commands/x.ts", to: "src/core/sessions/kill-session.ts" },
      { from: "src/mcp/x.ts", to: "src/core/store/sessions.ts" },
    ]);
    const browserTypes = [
      edge("src/web/api/x.ts", "src/core/plans/estimate-types.ts", true),
      edge("src/web/server/x.ts", "src/core/plans/estimate-types.ts", true),
    ];
    expect(entryViolations(browserTypes)).toEqual([
      { from: "src/web/server/x.ts", to: "src/core/plans/estimate-types.ts" },
    ]);
  });

  it("finds a cycle between areas, and none through type-only imports", () => {
    const edge = (file: string, path: string, typeOnly = false) => ({ file, imports: [{ path, typeOnly }] });
    const z = { file: "src/core/a/z.ts", imports: [] };
    const cyclic = [
      edge("src/core/a/x.ts", "src/core/b/y.ts"),
      edge("src/core/b/y.ts", "src/core/a/z.ts"),
      z,
    ];
    expect(areaCycles(cyclic)).toEqual([["a", "b"]]);
    const typesOnly = [
      edge("src/core/a/x.ts", "src/core/b/y.ts"),
      edge("src/core/b/y.ts", "src/core/a/z.ts", true),
      z,
    ];
    expect(areaCycles(typesOnly)).toEqual([]);
    const throughTheMiddle = [
      edge("src/core/a/x.ts", "src/core/b/y.ts"),
      edge("src/core/b/y.ts", "src/core/c.ts"),
      edge("src/core/c.ts", "src/core/a/z.ts"),
      z,
    ];
    expect(areaCycles(throughTheMiddle)).toEqual([["a", "b", "c"]]);
  });

  it("puts each area one layer above the highest it imports; a cycle's areas share one", () => {
    const edge = (file: string, path: string, typeOnly = false) => ({ file, imports: [{ path, typeOnly }] });
    const chain = [
      edge("src/core/top/x.ts", "src/core/mid.ts"),
      edge("src/core/mid.ts", "src/core/low/y.ts"),
      edge("src/core/side/w.ts", "src/core/low/y.ts", true),
      { file: "src/core/low/y.ts", imports: [] },
    ];
    expect(areaLayers(chain)).toEqual([["low", "side"], ["mid"], ["top"]]);
    const cyclic = [
      edge("src/core/a/x.ts", "src/core/b/y.ts"),
      edge("src/core/b/y.ts", "src/core/a/x.ts"),
      edge("src/core/c/v.ts", "src/core/a/x.ts"),
    ];
    expect(areaLayers(cyclic)).toEqual([["a", "b"], ["c"]]);
  });

  it("takes no edge to a file that is not there (a template's text that looks like an import)", () => {
    const template = [
      { file: "src/core/kit/t.ts", imports: [{ path: "src/core/index.ts", typeOnly: false }] },
    ];
    expect(areaLayers(template)).toEqual([["kit"]]);
  });

  it("the README's doc index links every page in docs/", () => {
    const readme = readFileSync("README.md", "utf8");
    const pages = readdirSync("docs").filter((name) => name.endsWith(".md"));
    expect(pages.filter((page) => !readme.includes(`(docs/${page})`))).toEqual([]);
  });
});
