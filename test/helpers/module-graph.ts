import { fileURLToPath } from "node:url";
import { build, type Metafile } from "esbuild";
import { entryImports } from "../../scripts/entry-imports.mjs";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/**
 * Every module `entry` (a path from the project root) reaches, as esbuild follows the real imports,
 * with each module's imports and their kind; packages stay external and are named, not followed.
 * Imports of an area's entry file are narrowed to the files behind the names taken, as the CLI's
 * bundle does (scripts/entry-imports.mjs), so the graph is what `ao` loads.
 */
export async function moduleGraph(entry: string): Promise<Metafile["inputs"]> {
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: [entry],
    bundle: true,
    write: false,
    metafile: true,
    platform: "node",
    format: "esm",
    packages: "external",
    logLevel: "silent",
    plugins: [entryImports(`${ROOT}src`)],
  });
  return result.metafile.inputs;
}
