import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { AoError, messageOf } from "../errors.js";
import type { AoPaths } from "../paths.js";
import type { LoadedConfig, ProjectConfig } from "./types.js";

/**
 * AO_HOME/configs.json: every config file a command of this AO_HOME has loaded, so that each
 * command and the one daemon see all their projects from any directory (issue 18).
 */
export function registryPath(paths: Pick<AoPaths, "home">): string {
  return join(paths.home, "configs.json");
}

export async function readRegisteredConfigs(paths: Pick<AoPaths, "home">): Promise<string[]> {
  const text = await readFile(registryPath(paths), "utf8").catch(() => undefined);
  if (text === undefined) return [];
  try {
    const parsed = JSON.parse(text) as { configs?: unknown };
    return Array.isArray(parsed.configs)
      ? parsed.configs.filter((c): c is string => typeof c === "string")
      : [];
  } catch {
    return [];
  }
}

/**
 * Adds `file` (absolute) once; written to a temp file and renamed, mode 0600. An AO_HOME that
 * cannot be written leaves the registry as it was: loading the config must not fail for it.
 */
export async function registerConfig(paths: Pick<AoPaths, "home">, file: string): Promise<readonly string[]> {
  const known = await readRegisteredConfigs(paths);
  if (known.includes(file)) return known;
  const next = [...known, file];
  const target = registryPath(paths);
  const temp = `${target}.${process.pid}.tmp`;
  try {
    await mkdir(dirname(target), { recursive: true, mode: 0o700 });
    await writeFile(temp, `${JSON.stringify({ configs: next }, null, 2)}\n`, { mode: 0o600 });
    await rename(temp, target);
  } catch {
    // Read-only AO_HOME: this command still sees the file and the ones registered before.
  }
  return next;
}

/** What merging skipped: a registered file that vanished or does not load. */
export interface SkippedConfig {
  readonly file: string;
  readonly reason: string;
}

/**
 * `loaded` with the projects of the other registered files added. A file that is gone or fails to
 * load is skipped (and reported); a project id in two files is refused, naming both.
 */
export async function mergeRegisteredProjects(
  loaded: LoadedConfig,
  others: readonly string[],
  loadOne: (file: string) => Promise<LoadedConfig>,
): Promise<{ loaded: LoadedConfig; skipped: SkippedConfig[] }> {
  const projects: Record<string, ProjectConfig> = { ...loaded.config.projects };
  const owner = new Map(Object.keys(projects).map((id) => [id, loaded.path]));
  const skipped: SkippedConfig[] = [];
  for (const file of others) {
    if (file === loaded.path) continue;
    if (!existsSync(file)) {
      skipped.push({ file, reason: "the file no longer exists" });
      continue;
    }
    const other = await loadOne(file).catch((error: unknown) => {
      skipped.push({ file, reason: messageOf(error).split("\n")[0] ?? "does not load" });
      return undefined;
    });
    for (const [id, project] of Object.entries(other?.config.projects ?? {})) {
      const first = owner.get(id);
      if (first !== undefined) throw clash(id, first, file);
      owner.set(id, file);
      projects[id] = project;
    }
  }
  return { loaded: { ...loaded, config: { ...loaded.config, projects } }, skipped };
}

function clash(id: string, first: string, second: string): AoError {
  return new AoError("E_CONFIG_INVALID", `project id ${id} is defined in both ${first} and ${second}`, {
    hint: "rename the project in one of them: one AO_HOME knows every registered config's projects",
    details: { project: id, files: [first, second] },
  });
}
