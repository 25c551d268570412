import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { didYouMean } from "../did-you-mean.js";
import { AoError, messageOf } from "../errors.js";
import type { PluginCatalog, Slot } from "./catalog.js";
import { resolvePackageEntry } from "./resolve-package-entry.js";

/** Where a plugin name points: a built-in, a local file, or an installed npm package. */
export interface PluginSource {
  catalog: PluginCatalog;
  /** Local paths and package names resolve from here (the config file's directory). */
  baseDir: string;
}

const PACKAGE_NAME = /^(?:@[a-z0-9~-][a-z0-9._~-]*\/)?[a-z0-9~-][a-z0-9._~-]*$/;

export function isLocalPluginPath(name: string): boolean {
  return name.startsWith("./") || name.startsWith("../") || name.startsWith("/");
}

export function isPackageName(name: string): boolean {
  return name.length <= 214 && PACKAGE_NAME.test(name);
}

/** Loads the module behind `name` without creating anything; the loader of other names never runs. */
export async function loadPluginModule(slot: Slot, name: string, source: PluginSource): Promise<unknown> {
  const builtins = source.catalog[slot];
  const loader = Object.hasOwn(builtins, name) ? builtins[name] : undefined;
  if (loader) return importing(slot, name, "built-in ", () => loader());
  if (isLocalPluginPath(name)) return importLocalFile(slot, name, source.baseDir);
  if (isPackageName(name)) return importPackage(slot, name, source);
  throw unknownPlugin(slot, name, source);
}

async function importLocalFile(slot: Slot, name: string, baseDir: string): Promise<unknown> {
  const file = resolve(baseDir, name);
  if (!existsSync(file)) throw missingFile(slot, name, file, baseDir);
  return importing(slot, name, "", () => import(pathToFileURL(file).href));
}

export function missingFile(slot: Slot, name: string, file: string, baseDir: string): AoError {
  return new AoError("E_PLUGIN_UNKNOWN", `${slot} plugin "${name}" not found: ${file} does not exist`, {
    hint: `check the path; a relative plugin path resolves against ${baseDir}`,
    details: { slot, plugin: name, file },
  });
}

async function importPackage(slot: Slot, name: string, source: PluginSource): Promise<unknown> {
  let entry: string;
  try {
    entry = resolvePackageEntry(name, source.baseDir);
  } catch (error) {
    if (isMissingModule(error, name)) throw unknownPlugin(slot, name, source, error);
    throw loadFailure(slot, name, "", error);
  }
  return importing(slot, name, "", () => import(pathToFileURL(entry).href));
}

async function importing(
  slot: Slot,
  name: string,
  kind: string,
  load: () => Promise<unknown>,
): Promise<unknown> {
  try {
    return await load();
  } catch (error) {
    throw loadFailure(slot, name, kind, error);
  }
}

export function isMissingModule(error: unknown, name: string): boolean {
  const { code, message } = error as { code?: unknown; message?: unknown };
  return code === "MODULE_NOT_FOUND" && typeof message === "string" && message.includes(`'${name}'`);
}

function loadFailure(slot: Slot, name: string, kind: string, cause: unknown): AoError {
  const reason = messageOf(cause);
  return new AoError("E_PLUGIN_INVALID", `${kind}${slot} plugin "${name}" failed to load: ${reason}`, {
    hint: "the plugin module could not be imported; run with --debug for details, or reinstall the plugin",
    cause,
    details: { slot, plugin: name },
  });
}

/**
 * A name ao cannot find. The hint says where ao looks, never `npm install <name>`: a mistyped or
 * guessed name is usually some unrelated npm package, and installing it would run its code.
 */
export function unknownPlugin(slot: Slot, name: string, source: PluginSource, cause?: unknown): AoError {
  const available = Object.keys(source.catalog[slot]).sort();
  const suggestion = didYouMean(name, available);
  const listed = available.length > 0 ? available.join(", ") : "none yet";
  return new AoError(
    "E_PLUGIN_UNKNOWN",
    `unknown ${slot} plugin "${name}"${suggestion ? ` (did you mean "${suggestion}"?)` : ""}`,
    {
      hint: `${suggestion ? `write "${suggestion}"; ` : ""}built-in ${slot} plugins: ${listed}; ${whereAoLooks(source.baseDir)}`,
      cause,
      details: { slot, plugin: name, available, suggestion },
    },
  );
}

/** How ao finds a plugin that is not built in, and how to install one (its package's own name). */
export function whereAoLooks(baseDir: string): string {
  return (
    `otherwise ao loads a path starting with ./ or / (relative to ${baseDir}), or an npm package ` +
    `installed in node_modules at or above ${baseDir}: install the plugin's own package there ` +
    `(npm install --prefix ${baseDir} <its package name>, named in its docs) and write that name`
  );
}
