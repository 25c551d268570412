import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

/** Conditions an ESM import would match, in the order Node tries them for ao. */
const IMPORT_CONDITIONS = ["import", "node", "default"];

/**
 * The file an `import("<name>")` from `baseDir` would load. `require.resolve` covers most layouts
 * (main, CommonJS exports, symlinked installs); an ESM-only package whose exports map has only an
 * `import` condition is resolved here by reading its package.json, since Node 20 cannot resolve
 * an import from another directory without a flag.
 */
export function resolvePackageEntry(name: string, baseDir: string): string {
  try {
    return createRequire(join(baseDir, "package.json")).resolve(name);
  } catch (error) {
    if ((error as { code?: unknown }).code !== "ERR_PACKAGE_PATH_NOT_EXPORTED") throw error;
    const entry = importEntry(name, baseDir);
    if (entry === undefined) throw error;
    return entry;
  }
}

function importEntry(name: string, baseDir: string): string | undefined {
  const packageDir = findPackageDir(name, baseDir);
  if (packageDir === undefined) return undefined;
  const manifest = JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8")) as {
    exports?: unknown;
  };
  const exports = manifest.exports as Record<string, unknown> | string | undefined;
  const root = typeof exports === "object" && exports !== null && "." in exports ? exports["."] : exports;
  const target = pickTarget(root);
  return target === undefined ? undefined : join(packageDir, target);
}

function findPackageDir(name: string, from: string): string | undefined {
  for (let dir = from; ; dir = dirname(dir)) {
    const candidate = join(dir, "node_modules", name);
    if (existsSync(join(candidate, "package.json"))) return candidate;
    if (dirname(dir) === dir) return undefined;
  }
}

/** A string target, or the first matching condition of a (nested) conditions object. */
function pickTarget(target: unknown): string | undefined {
  if (typeof target === "string") return target;
  if (Array.isArray(target)) return target.map(pickTarget).find((found) => found !== undefined);
  if (typeof target !== "object" || target === null) return undefined;
  for (const [condition, inner] of Object.entries(target)) {
    if (IMPORT_CONDITIONS.includes(condition)) {
      const found = pickTarget(inner);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}
