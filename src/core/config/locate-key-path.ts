import type { KeyPath, LoadedConfig, SourceLocation } from "./types.js";

/**
 * Where a key path sits in the loaded file, for messages from other modules (doctor, plugin
 * registry). A key that is not written down (a default) points at its nearest written ancestor.
 */
export async function locateKeyPath(
  loaded: Pick<LoadedConfig, "loadDocument">,
  keyPath: KeyPath,
  at: "key" | "value" = "value",
): Promise<SourceLocation> {
  const [document, { locateInYaml }] = await Promise.all([
    loaded.loadDocument(),
    import("./config-document.js"),
  ]);
  return locateInYaml(document, keyPath, at);
}
