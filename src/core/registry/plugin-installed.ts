import { existsSync } from "node:fs";
import { resolve } from "node:path";
import type { Slot } from "./catalog.js";
import {
  isLocalPluginPath,
  isMissingModule,
  isPackageName,
  missingFile,
  unknownPlugin,
  type PluginSource,
} from "./load-plugin-module.js";
import { resolvePackageEntry } from "./resolve-package-entry.js";

/**
 * Why ao could not find `name` here, without importing anything (`ao config validate` runs no
 * plugin code): undefined when a built-in, an existing local file or an installed package has it
 * (a package that is there but broken is doctor's to find). The error is the one loading would
 * throw, so validate and spawn give the same fix.
 */
export function missingPlugin(slot: Slot, name: string, source: PluginSource): Error | undefined {
  if (Object.hasOwn(source.catalog[slot], name)) return undefined;
  if (isLocalPluginPath(name)) {
    const file = resolve(source.baseDir, name);
    return existsSync(file) ? undefined : missingFile(slot, name, file, source.baseDir);
  }
  if (!isPackageName(name)) return unknownPlugin(slot, name, source);
  try {
    resolvePackageEntry(name, source.baseDir);
    return undefined;
  } catch (error) {
    return isMissingModule(error, name) ? unknownPlugin(slot, name, source, error) : undefined;
  }
}
