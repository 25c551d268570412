// The second pass of the CLI bundle (scripts/build.mjs): rollup re-chunks esbuild's output.
//
// esbuild splits off one chunk per distinct set of lazy imports that reach a module, so a command
// that is one `import()` among ~220 read some 65 files, most under 2 kB, and Node's ES module loader
// pays for each file (resolve, read, compile, link) more than for its bytes. Rollup's
// `experimentalMinChunkSize` merges a small chunk into one that is loaded with it, when that runs no
// code that would not have run: `ao status` reads 33 files instead (docs/performance.md).
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { rollup } from "rollup";

/** Chunks below this many bytes are merged where rollup can prove it changes nothing. */
const MIN_CHUNK_BYTES = 20_000;

/**
 * esbuild's output files (in memory, under `outdir`) in, rollup's out, in the same shape
 * (`{ path, contents }`) with linked source maps that still point at src/. Everything that is not a
 * relative import between the chunks (node: built-ins, packages loaded at run time) stays external.
 */
export async function mergeSmallChunks(files, { outdir, entryName }) {
  const byPath = new Map(files.map((file) => [file.path, file]));
  const bundle = await rollup({
    input: { [entryName]: join(outdir, `${entryName}.js`) },
    external: (id) => !id.startsWith(".") && !id.startsWith("/"),
    // "safest": every property read and unknown global counts as a side effect, so neither the
    // merge nor the dead-code pass drops code that esbuild kept. (Also treating imports of Node
    // built-ins as pure merges more: 16 files, but 615 kB for `ao status`, measured slower.)
    treeshake: "safest",
    plugins: [inMemoryChunks(byPath)],
    logLevel: "warn",
    onwarn(warning, warn) {
      // esbuild's chunks import each other both ways (the order inside a chunk is kept), and name
      // imports of built-ins that the dead-code pass then drops.
      if (warning.code !== "CIRCULAR_DEPENDENCY" && warning.code !== "UNUSED_EXTERNAL_IMPORT") warn(warning);
    },
  });
  const { output } = await bundle.generate({
    format: "es",
    dir: outdir,
    entryFileNames: "[name].js",
    chunkFileNames: "chunk-[hash].js",
    experimentalMinChunkSize: MIN_CHUNK_BYTES,
    sourcemap: true,
  });
  await bundle.close();
  return output.map((item) => ({
    path: join(outdir, item.fileName),
    contents: item.type === "chunk" ? item.code : item.source,
  }));
}

/** Serves esbuild's in-memory chunks (and their source maps, so rollup's maps reach src/). */
function inMemoryChunks(byPath) {
  return {
    name: "esbuild-chunks",
    resolveId(source, importer) {
      if (importer === undefined || !source.startsWith(".")) return source.startsWith("/") ? source : null;
      return resolve(dirname(importer), source);
    },
    load(id) {
      const file = byPath.get(id);
      if (file === undefined) return readFileSync(id, "utf8");
      const map = byPath.get(`${id}.map`);
      const code = file.text.replace(/\n\/\/# sourceMappingURL=\S+\s*$/, "\n");
      // esbuild names the sources relative to the chunk's directory, as rollup reads them.
      return { code, map: map === undefined ? null : map.text };
    },
  };
}
