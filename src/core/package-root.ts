import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The root of the ao package (the directory with its package.json), found by walking up from this
 * module. A fixed `../..` would depend on where the module sits: src/core/ (tests), dist/core/ (tsc)
 * and dist/bundle/ (the bundled CLI, where every module is merged into a chunk) all differ.
 */
export function packageRoot(): string {
  const start = dirname(fileURLToPath(import.meta.url));
  for (let dir = start; ; dir = dirname(dir)) {
    if (existsSync(join(dir, "package.json"))) return dir;
    if (dirname(dir) === dir) return start;
  }
}
