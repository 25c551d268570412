// Loads TypeScript test helpers (the fake GitHub under test/fakes/, …) into a benchmark. The bench
// runs plain node on the built dist/, without a TS loader, so the modules are bundled with esbuild
// (a devDependency) into one temp .mjs first: the bench measures exactly the fakes the tests use.
import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";

const root = fileURLToPath(new URL("../..", import.meta.url));

/**
 * `exports` maps a path under the repository (e.g. "test/fakes/github/fake-github.ts") to the
 * names to take from it; resolves to the bundled module's namespace.
 *   const { startFakeGitHub } = await loadTestModules({ "test/fakes/github/fake-github.ts": ["startFakeGitHub"] });
 * Packages stay imports; with `withPackages` the bundle is written under the repository's tmp/, so
 * that they resolve from its node_modules (modules of src/ import zod, better-sqlite3…).
 */
export async function loadTestModules(exports, { withPackages = false } = {}) {
  const parent = withPackages ? join(root, "tmp") : tmpdir();
  mkdirSync(parent, { recursive: true });
  const dir = realpathSync(mkdtempSync(join(parent, "ao-bench-ts-")));
  const entry = join(dir, "entry.ts");
  writeFileSync(
    entry,
    Object.entries(exports)
      .map(([path, names]) => `export { ${names.join(", ")} } from ${JSON.stringify(join(root, path))};`)
      .join("\n"),
  );
  const outfile = join(dir, "test-modules.mjs");
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    logLevel: "warning",
  });
  return import(pathToFileURL(outfile).href);
}
