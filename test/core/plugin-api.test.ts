import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** Every module `import "agent-orchestrator/plugin"` loads, as esbuild follows the real imports. */
async function entryImports(): Promise<{ files: string[]; packages: string[] }> {
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: ["src/core/plugin-api.ts"],
    bundle: true,
    write: false,
    metafile: true,
    platform: "node",
    format: "esm",
    packages: "external",
    logLevel: "silent",
  });
  const inputs = Object.values(result.metafile.inputs);
  const packages = inputs.flatMap((input) =>
    input.imports.filter((found) => found.external).map((found) => found.path),
  );
  return { files: Object.keys(result.metafile.inputs).sort(), packages: [...new Set(packages)].sort() };
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
