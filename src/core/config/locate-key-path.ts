import { locateInYaml } from "./config-document.js";
import type { KeyPath, LoadedConfig, SourceLocation } from "./types.js";

/**
 * Where a key path sits in the loaded file, for messages from other modules (doctor, plugin
 * registry). A key that is not written down (a default) points at its nearest written ancestor.
 */
export function locateKeyPath(
  loaded: Pick<LoadedConfig, "document">,
  keyPath: KeyPath,
  at: "key" | "value" = "value",
): SourceLocation {
  return locateInYaml(loaded.document, keyPath, at);
}
