// `npm run build`: two outputs, built side by side.
//
// - tsc → dist/<same layout as src>: the per-file modules behind the package's
//   `agent-orchestrator/plugin` entry (dist/core/plugin-api.js, package.json `exports`), which
//   external plugins import, and that a few tests load in child processes. tsc also type-checks. A
//   second tsc program (tsconfig.plugin-api.json) writes the declaration files of that entry and of
//   the modules it reaches, and only those: they are the plugin API's types, and no other file of
//   dist/ is public.
// - esbuild → dist/web/: the dashboard page (src/web/page/, Preact + htm, docs/dashboard.md): its
//   index.html, one app.js and one app.css, everything in them (no CDN, nothing fetched at run time).
//   A third tsc program (src/web/page/tsconfig.json) type-checks the page against the DOM's types,
//   which the node programs above must not see.
// - esbuild → rollup → dist/bundle/: the CLI that bin/ao.js starts. One entry, ao.js, plus the chunks
//   esbuild splits off at each dynamic `import()`, which rollup then merges where they are small
//   (scripts/merge-chunks.mjs), so node reads a few dozen files per command instead of hundreds of
//   small modules (docs/performance.md). An import of a core area's entry (src/core/<area>/index.ts)
//   is bundled as an import of the files behind the names it takes (scripts/entry-imports.mjs), so a
//   command's chunks hold what it uses, not the whole area.
//
// Nothing here lists source files: everything reachable from src/cli/main.ts is bundled, and every
// lazy `import("./x.js")` stays lazy as its own chunk, so new commands and plugins are picked up by
// the import that wires them in.
//
// Like tsc on its own, a type error still leaves fresh output behind (the exit code says it failed).
//
// AO_BUILD_NO_CHECK=1 (what .ci/run sets, after `npm run typecheck` has checked the same files):
// the tsc programs only emit (`--noCheck`) and the page's check-only program is skipped, so CI
// runs each type-check once. Emit errors (a syntax error) still fail the build.
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { entryImports } from "./entry-imports.mjs";
import { mergeSmallChunks } from "./merge-chunks.mjs";
import { iconPng } from "./page-icons.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const outdir = join(root, "dist", "bundle");
const entry = join(outdir, "ao.js");
/**
 * Who built this bundle: ao's version plus an id of its own, so a rebuild that changes the config
 * schema (the version stays) invalidates the validated-config cache (src/core/config/build-identity.ts).
 */
const BUILD_ID = `${JSON.parse(readFileSync(join(root, "package.json"), "utf8")).version}+${randomUUID()}`;
/** Chunks of earlier builds that a running ao (a daemon) may still import lazily are kept this long. */
const STALE_CHUNK_MS = 60 * 60_000;

/**
 * Packages ao loads with `createRequire(…)(name)` at run time, on first use (src/core/logger.ts,
 * src/core/store/sqlite-driver.ts), so they stay out of the chunks. Each is pre-bundled into one
 * CommonJS file at dist/bundle/node_modules/<name>/, where Node's `require` looks first: about 30
 * files fewer to find and read on every command that logs, 12 on every command that opens the
 * store. better-sqlite3's native addon stays where npm installed it; sqlite-driver.ts names it.
 */
const EXTERNAL = ["better-sqlite3", "pino"];
const PREBUNDLED = ["better-sqlite3", "pino"];

/**
 * Bundled CommonJS packages (commander) call `require` for Node built-ins; an ES module has no
 * `require`, so each output file gets one. The chunks sit directly in dist/bundle/, at the same depth
 * as dist/cli/main.js, so `new URL("../../package.json", import.meta.url)` finds the package root.
 */
const REQUIRE_SHIM = [
  'import { createRequire as __aoCreateRequire } from "node:module";',
  // Pure: rollup (scripts/merge-chunks.mjs) may drop it where nothing requires, and a chunk whose
  // only side effect it was can be merged into another.
  "const require = /* @__PURE__ */ __aoCreateRequire(import.meta.url);",
].join("\n");

/**
 * zod evaluates its error messages in some 40 languages at import, a third of its load time; ao only
 * uses the English ones (zod's default). External plugins import their own zod, untouched.
 */
const zodEnglishOnly = {
  name: "zod-english-only",
  setup(bundler) {
    bundler.onLoad({ filter: /[\\/]zod[\\/]v4[\\/]locales[\\/]index\.js$/ }, (args) => ({
      contents: 'export { default as en } from "./en.js";',
      resolveDir: dirname(args.path),
    }));
  },
};

/**
 * A package loaded with `import("pkg")` stays a real import for Node to resolve. Such a package is
 * off the hot path by construction, and Node, unlike esbuild's chunks, gives a CommonJS package
 * (yaml) its named exports: `const { stringify } = await import("yaml")` keeps working.
 */
const dynamicPackagesExternal = {
  name: "dynamic-packages-external",
  setup(bundler) {
    bundler.onResolve({ filter: /^[^./]/ }, (args) =>
      args.kind === "dynamic-import" && !args.path.startsWith("node:")
        ? { path: args.path, external: true }
        : undefined,
    );
  },
};

const checked = process.env.AO_BUILD_NO_CHECK !== "1";

/** One tsc program; resolves to whether it succeeded (its errors go to stderr as they are). */
function tsc(project) {
  const bin = join(root, "node_modules", "typescript", "bin", "tsc");
  const args = [bin, "-p", project, ...(checked ? [] : ["--noCheck"])];
  const child = spawn(process.execPath, args, { cwd: root, stdio: "inherit" });
  return new Promise((resolve) => child.on("close", (code) => resolve(code === 0)));
}

/** One package and everything it requires, as a CommonJS file in dist/bundle/node_modules/<name>/. */
async function prebundle(name) {
  const result = await build({
    absWorkingDir: root,
    stdin: { contents: `module.exports = require(${JSON.stringify(name)});`, resolveDir: root },
    outfile: join(outdir, "node_modules", name, "index.js"),
    bundle: true,
    format: "cjs",
    platform: "node",
    target: "node20",
    legalComments: "none",
    logLevel: "warning",
    write: false,
  });
  const manifest = {
    name,
    private: true,
    main: "index.js",
    description: `${name}, bundled by scripts/build.mjs`,
  };
  const path = join(outdir, "node_modules", name, "package.json");
  return [...result.outputFiles, { path, contents: `${JSON.stringify(manifest, null, 2)}\n` }];
}

async function bundle() {
  const result = await build({
    absWorkingDir: root,
    entryPoints: { ao: "src/cli/main.ts" },
    outdir,
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20",
    external: EXTERNAL,
    banner: { js: REQUIRE_SHIM },
    define: { __AO_BUILD__: JSON.stringify(BUILD_ID) },
    chunkNames: "chunk-[hash]",
    sourcemap: "linked",
    // Stacks keep readable names; minifying would save little of the load time.
    minify: false,
    legalComments: "none",
    logLevel: "warning",
    plugins: [zodEnglishOnly, dynamicPackagesExternal, entryImports(join(root, "src"))],
    write: false,
  });
  const [prebundled, chunks] = await Promise.all([
    Promise.all(PREBUNDLED.map(prebundle)),
    mergeSmallChunks(result.outputFiles, { outdir, entryName: "ao" }),
  ]);
  writeOutputs([...prebundled.flat(), ...chunks]);
  return chunks.filter((file) => file.path.endsWith(".js")).length;
}

/**
 * ao may be running while this writes (tests, a daemon): every file is replaced by a rename, chunks
 * before the entry that imports them, and chunks that are no longer produced stay for a while.
 */
function writeOutputs(files) {
  const ordered = [...files].sort((a, b) => Number(a.path === entry) - Number(b.path === entry));
  writeFiles(ordered);
  const current = new Set(files.map((file) => file.path));
  const cutoff = Date.now() - STALE_CHUNK_MS;
  for (const dirent of readdirSync(outdir, { withFileTypes: true })) {
    const path = join(outdir, dirent.name);
    if (dirent.isFile() && !current.has(path) && statSync(path).mtimeMs < cutoff) rmSync(path);
  }
}

/**
 * The dashboard page for browsers: src/web/page/main.ts and the CSS it imports become dist/web/app.js
 * and dist/web/app.css beside a copy of index.html; the service worker becomes dist/web/sw.js (a
 * classic script), beside the web app manifest and the icons it names (scripts/page-icons.mjs).
 * Minified: the page is downloaded, not read.
 */
async function bundlePage() {
  const pageDir = join(root, "src", "web", "page");
  const webDir = join(root, "dist", "web");
  const options = {
    absWorkingDir: root,
    outdir: webDir,
    bundle: true,
    platform: "browser",
    target: ["chrome110", "firefox110", "safari16"],
    minify: true,
    sourcemap: false,
    legalComments: "none",
    logLevel: "warning",
    write: false,
  };
  const [page, worker] = await Promise.all([
    build({ ...options, entryPoints: { app: join(pageDir, "main.ts") }, format: "esm" }),
    build({ ...options, entryPoints: { sw: join(pageDir, "service-worker.ts") }, format: "iife" }),
  ]);
  const copied = ["index.html", "manifest.webmanifest"].map((name) => ({
    path: join(webDir, name),
    contents: readFileSync(join(pageDir, name)),
  }));
  const icons = [192, 512].map((size) => ({
    path: join(webDir, "assets", "icons", `icon-${size}.png`),
    contents: iconPng(size),
  }));
  writeFiles([...page.outputFiles, ...worker.outputFiles, ...copied, ...icons]);
}

/** Each file replaced by a rename, so a server reading dist/web/ never sees half a file. */
function writeFiles(files) {
  for (const file of files) {
    mkdirSync(dirname(file.path), { recursive: true });
    const temporary = `${file.path}.${process.pid}.tmp`;
    writeFileSync(temporary, file.contents);
    renameSync(temporary, file.path);
  }
}

const [typesOk, declarationsOk, pageTypesOk, pageBundled, bundled] = await Promise.all([
  tsc("tsconfig.build.json"),
  tsc("tsconfig.plugin-api.json"),
  checked ? tsc("src/web/page/tsconfig.json") : true,
  bundlePage().then(
    () => true,
    (error) => {
      process.stderr.write(`build: bundling the dashboard page failed: ${error.message}\n`);
      return false;
    },
  ),
  bundle().catch((error) => {
    process.stderr.write(`build: bundling failed, dist/bundle/ left as it was: ${error.message}\n`);
    return undefined;
  }),
]);
if (bundled !== undefined)
  process.stderr.write(`build: bundled the CLI into ${bundled} files in dist/bundle/\n`);
process.exitCode = typesOk && declarationsOk && pageTypesOk && pageBundled && bundled !== undefined ? 0 : 1;
