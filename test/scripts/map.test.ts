import { readFileSync, readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  areaCycles,
  entryOf,
  entryViolations,
  layerViolations,
  sourceGraph,
} from "../../scripts/map-graph.mjs";
import { renderMap } from "../../scripts/map-render.mjs";

const graph = sourceGraph();

describe("docs/map.md", () => {
  it("is what scripts/generate-map.mjs makes of the code now", { timeout: 60_000 }, async () => {
    expect(readFileSync("docs/map.md", "utf8")).toBe(await renderMap(graph));
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
    const cyclic = [edge("src/core/a/x.ts", "src/core/b/y.ts"), edge("src/core/b/y.ts", "src/core/a/z.ts")];
    expect(areaCycles(cyclic)).toEqual([["a", "b"]]);
    const typesOnly = [
      edge("src/core/a/x.ts", "src/core/b/y.ts"),
      edge("src/core/b/y.ts", "src/core/a/z.ts", true),
    ];
    expect(areaCycles(typesOnly)).toEqual([]);
  });

  it("the README's doc index links every page in docs/", () => {
    const readme = readFileSync("README.md", "utf8");
    const pages = readdirSync("docs").filter((name) => name.endsWith(".md"));
    expect(pages.filter((page) => !readme.includes(`(docs/${page})`))).toEqual([]);
  });
});
