import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The `ao` script this code was loaded from (`<package>/bin/ao.js`), found by walking up from this
 * module, so it holds for src/ under tests, dist/, a bundle and a global install alike. The
 * background daemon is started with it and the same node that runs us.
 */
export function aoEntryScript(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = join(dir, "bin", "ao.js");
    if (existsSync(candidate) && existsSync(join(dir, "package.json"))) return candidate;
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`no bin/ao.js above ${fileURLToPath(import.meta.url)}`);
    dir = parent;
  }
}
