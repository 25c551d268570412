import { describe, expect, it } from "vitest";
import { moduleGraph } from "../helpers/module-graph.js";

/** Every module `import "agent-orchestrator/plugin"` loads, as esbuild follows the real imports. */
async function entryImports(): Promise<{ files: string[]; packages: string[] }> {
  const graph = await moduleGraph("src/core/plugin-api.ts");
  const inputs = Object.values(graph);
  const packages = inputs.flatMap((input) =>
    input.imports.filter((found) => found.external).map((found) => found.path),
  );
  return { files: Object.keys(graph).sort(), packages: [...new Set(packages)].sort() };
}

describe("agent-orchestrator/plugin (src/core/plugin-api.ts)", () => {
  it("loads no package and nothing of the CLI, the store, the config loader or a built-in plugin", async () => {
    const { files, packages } = await entryImports();
    expect(files).toContain("src/core/plugin-api.ts");
    expect(files.filter((file) => !file.startsWith("src/core/"))).toEqual([]);
    const heavy =
      /^src\/core\/(store|daemon|lifecycle|doctor|demo|events)\/|^src\/core\/config\/(?!duration|default-reactions)/;
    expect(files.filter((file) => heavy.test(file))).toEqual([]);
    // Node's own modules only: zod, yaml, pino and better-sqlite3 stay with the code that needs them.
    expect(packages.filter((name) => !name.startsWith("node:"))).toEqual([]);
  });
});
