import { createHash, randomBytes } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { AoConfig } from "./types.js";

/** Bumped when the entry's layout changes, so older entries are simply misses. */
const FORMAT = "ao-config-cache/1";

/** Everything the validated result depends on besides the code: see loadConfig. */
export interface ConfigCacheKeyInput {
  /** The build of ao that validated the file (version + build id). */
  build: string;
  /** Absolute path of the file: relative project paths resolve against its directory. */
  file: string;
  /** The file's exact text. */
  text: string;
  /** HOME, which `~` in paths expands to. */
  home: string | undefined;
}

interface CacheEntry {
  key: string;
  config: AoConfig;
}

function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

export function configCacheKey(input: ConfigCacheKeyInput): string {
  return sha256(JSON.stringify([FORMAT, input.build, input.file, input.home ?? null, input.text]));
}

/** AO_HOME/cache/config/<sha256 of the absolute config path>.json */
export function configCacheEntryPath(aoHome: string, file: string): string {
  return join(aoHome, "cache", "config", `${sha256(file)}.json`);
}

/** The cached configuration when the entry exists and holds this key; anything else is a miss. */
export async function readCachedConfig(entryPath: string, key: string): Promise<AoConfig | undefined> {
  try {
    const entry = JSON.parse(await readFile(entryPath, "utf8")) as Partial<CacheEntry> | null;
    if (entry?.key !== key || typeof entry.config !== "object" || entry.config === null) return undefined;
    return entry.config;
  } catch {
    return undefined;
  }
}

/**
 * JSON of the entry, or undefined when JSON cannot hold it exactly: plugin options are kept as
 * written, and YAML's `.inf` or `.nan` would come back as null.
 */
function jsonExactly(entry: CacheEntry): string | undefined {
  let exact = true;
  const text = JSON.stringify(entry, (_key, value: unknown) => {
    if (typeof value === "number" && !Number.isFinite(value)) exact = false;
    return value;
  });
  return exact ? text : undefined;
}

/**
 * Writes the entry to a temporary file and renames it into place, so a concurrent reader sees the
 * old entry or the new one, never half of one. A failure (read-only AO_HOME, full disk) only costs
 * the next command a full load, so it is swallowed.
 */
export async function writeCachedConfig(entryPath: string, key: string, config: AoConfig): Promise<void> {
  const text = jsonExactly({ key, config } satisfies CacheEntry);
  if (text === undefined) return;
  const dir = join(entryPath, "..");
  const temporary = `${entryPath}.${randomBytes(6).toString("hex")}.tmp`;
  try {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    await writeFile(temporary, text, { mode: 0o600 });
    await rename(temporary, entryPath);
  } catch {
    await rm(temporary, { force: true }).catch(() => undefined);
  }
}
