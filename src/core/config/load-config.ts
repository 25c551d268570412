import type { AoContext } from "../context.js";
import { AoError, messageOf } from "../errors.js";
import type { AoPaths } from "../paths.js";
import { bundleBuildId } from "./build-identity.js";
import { configCacheEntryPath, configCacheKey, readCachedConfig, writeCachedConfig } from "./config-cache.js";
import { formatIssue } from "./config-issues.js";
import { readConfigFile } from "./config-limits.js";
import { findConfigPath } from "./find-config-path.js";
import type { AoConfig, ConfigDocument, LoadedConfig } from "./types.js";

/**
 * `paths` (AO_HOME) turns the cache on; without it every load is a full one. `buildId` replaces the
 * bundle's build identity (tests run from source, where there is none and nothing is cached).
 */
export type LoadContext = Pick<AoContext, "env" | "cwd" | "catalog"> & {
  readonly paths?: AoPaths | undefined;
  readonly buildId?: string | undefined;
  /** Where the file's warnings are printed (once per file and stream); none: they stay in the result. */
  readonly stderr?: AoContext["stderr"] | undefined;
};

export interface LoadConfigOptions {
  /** `--config`; default: AO_CONFIG_PATH, then agent-orchestrator.yaml upwards from cwd. */
  configPath?: string | undefined;
  /** false: validate the file even when the cache holds its result (`ao config validate`). */
  readCache?: boolean | undefined;
  /** false: the caller shows `warnings` itself (`ao config validate`, `ao config migrate`). */
  printWarnings?: boolean | undefined;
  /**
   * false: this file's projects only (`ao config validate`, `show`). Otherwise, with AO_HOME known,
   * the file is registered in AO_HOME/configs.json and the other registered files' projects are added.
   */
  registered?: boolean | undefined;
}

interface CacheSlot {
  entryPath: string;
  key: string;
}

async function readConfigText(file: string, cwd: string): Promise<string> {
  try {
    return await readConfigFile(file, cwd);
  } catch (error) {
    if (error instanceof AoError) throw error;
    throw new AoError("E_CONFIG_NOT_FOUND", `cannot read ${file}: ${messageOf(error)}`, {
      hint: "check the file's permissions",
      cause: error,
    });
  }
}

/** Where this file's validated result is cached and under which key; undefined: caching is off. */
function cacheSlot(ctx: LoadContext, file: string, text: string): CacheSlot | undefined {
  const build = ctx.buildId ?? bundleBuildId();
  if (ctx.paths === undefined || build === undefined) return undefined;
  const home = ctx.env["HOME"] || undefined;
  const key = configCacheKey({ build, file, text, home, defaults: ctx.catalog.defaults ?? {} });
  return { entryPath: configCacheEntryPath(ctx.paths.home, file), key };
}

/** A configuration from the cache; its document is parsed from the text kept here, on first use. */
function cachedLoad(ctx: LoadContext, file: string, text: string, config: AoConfig): LoadedConfig {
  let document: Promise<ConfigDocument> | undefined;
  const loadDocument = () =>
    (document ??= import("./parse-config.js").then(({ parseConfigDocument }) =>
      parseConfigDocument(text, file, ctx),
    ));
  return { path: file, config, fromCache: true, warnings: [], loadDocument };
}

const warned = new WeakMap<object, Set<string>>();

/** Each file's warnings once per stream: a command that loads the file twice says them once. */
function printWarnings(ctx: LoadContext, loaded: LoadedConfig): void {
  const stream = ctx.stderr;
  if (stream === undefined || loaded.warnings.length === 0) return;
  const files = warned.get(stream) ?? new Set<string>();
  warned.set(stream, files);
  if (files.has(loaded.path)) return;
  files.add(loaded.path);
  for (const issue of loaded.warnings) stream.write(`warning: ${formatIssue(issue, ctx.cwd)}\n`);
  stream.write("hint: `ao config migrate --write` rewrites these keys the way ao reads them\n");
}

/**
 * Finds (see findConfigPath), reads and validates the configuration. A file validated before by the
 * same build, with the same path, HOME and catalog defaults, comes from AO_HOME/cache/config without
 * loading yaml or zod. A file that uses `${VAR}` is never cached: the substituted values may be secrets.
 */
export async function loadConfig(ctx: LoadContext, options: LoadConfigOptions = {}): Promise<LoadedConfig> {
  const loaded = await loadOneConfig(ctx, options);
  if (ctx.paths === undefined || options.registered === false) return loaded;
  const { mergeRegisteredProjects, registerConfig } = await import("./project-registry.js");
  const known = await registerConfig(ctx.paths, loaded.path);
  const loadOne = (file: string) => loadOneConfig(ctx, { ...options, configPath: file });
  const merged = await mergeRegisteredProjects(loaded, known, loadOne);
  for (const { file, reason } of merged.skipped)
    ctx.stderr?.write(`warning: skipped registered config ${file}: ${reason}\n`);
  return merged.loaded;
}

async function loadOneConfig(ctx: LoadContext, options: LoadConfigOptions): Promise<LoadedConfig> {
  const file = await findConfigPath(ctx, options.configPath);
  const text = await readConfigText(file, ctx.cwd);
  const slot = cacheSlot(ctx, file, text);
  if (slot !== undefined && options.readCache !== false) {
    const config = await readCachedConfig(slot.entryPath, slot.key);
    if (config !== undefined) return cachedLoad(ctx, file, text, config);
  }
  const { parseConfig } = await import("./parse-config.js");
  const loaded = parseConfig(text, file, ctx);
  const cacheable = loaded.warnings.length === 0 && (await loaded.loadDocument()).envReferences.length === 0;
  if (slot !== undefined && cacheable) await writeCachedConfig(slot.entryPath, slot.key, loaded.config);
  if (options.printWarnings !== false) printWarnings(ctx, loaded);
  return loaded;
}
