import { createHash, randomBytes } from "node:crypto";
import { lstat, mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { PluginDefaults } from "../registry/catalog.js";
import type { AoConfig } from "./types.js";

/** Bumped when the entry's layout changes, so older entries are simply misses. */
const FORMAT = "ao-config-cache/2";

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
  /** The plugin catalog's defaults, which fill in every plugin the file does not name. */
  defaults: PluginDefaults;
}

interface CacheEntry {
  key: string;
  config: AoConfig;
}

function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

export function configCacheKey(input: ConfigCacheKeyInput): string {
  return sha256(
    JSON.stringify([FORMAT, input.build, input.file, input.home ?? null, input.defaults, input.text]),
  );
}

/** AO_HOME/cache/config/<sha256 of the absolute config path>.json */
export function configCacheEntryPath(aoHome: string, file: string): string {
  return join(aoHome, "cache", "config", `${sha256(file)}.json`);
}

/**
 * An entry decides which commands ao runs (an agent's argv, postCreate), and its key can be worked
 * out by anyone who can read the config file. So it is trusted only from a real directory of this
 * user that nobody else can write to, never through a symlink.
 */
async function isPrivateDirectory(dir: string): Promise<boolean> {
  try {
    const info = await lstat(dir);
    const ownUid = process.getuid?.();
    return info.isDirectory() && (ownUid === undefined || info.uid === ownUid) && (info.mode & 0o077) === 0;
  } catch {
    return false;
  }
}

/** The cached configuration when the entry exists and holds this key; anything else is a miss. */
export async function readCachedConfig(entryPath: string, key: string): Promise<AoConfig | undefined> {
  try {
    if (!(await isPrivateDirectory(join(entryPath, "..")))) return undefined;
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
  const dir = join(entryPath, "..");
  const temporary = `${entryPath}.${randomBytes(6).toString("hex")}.tmp`;
  try {
    // Inside the try: a YAML alias that refers to itself makes a circular value JSON cannot hold.
    const text = jsonExactly({ key, config } satisfies CacheEntry);
    if (text === undefined) return;
    await mkdir(dir, { recursive: true, mode: 0o700 });
    if (!(await isPrivateDirectory(dir))) return;
    await writeFile(temporary, text, { mode: 0o600, flag: "wx" });
    await rename(temporary, entryPath);
  } catch {
    await rm(temporary, { force: true }).catch(() => undefined);
  }
}
