import { isScalar, isSeq } from "yaml";
import { readFile, rename, stat, writeFile } from "node:fs/promises";
import { applyEditsToDocument, type ConfigEdit } from "../config/config-edits.js";
import { isWrittenInYaml, parseConfigYaml, yamlData } from "../config/config-document.js";
import type { PluginDefaults, Slot } from "../registry/catalog.js";

/** What `ao plugin install` wrote into the configuration. */
export interface ConfigUse {
  readonly key: string;
  readonly value: string | readonly string[];
}

/**
 * Names an installed plugin in the configuration, comments and layout kept (the YAML document
 * edits of `ao config migrate`), when `use` is asked for or the slot's default key is not written
 * yet: `defaults.<slot>` is set to it; a notifier joins `defaults.notifiers` (after the catalog's
 * default notifiers when the list is not written, so the desktop keeps hearing). Trackers and scms are chosen per
 * project, so those are left for the person: undefined.
 */
export async function useInstalledPlugin(
  config: string,
  slot: Slot,
  name: string,
  use: boolean,
  catalogDefaults: PluginDefaults = {},
): Promise<ConfigUse | undefined> {
  if (slot === "tracker" || slot === "scm") return undefined;
  const before = await readFile(config, "utf8");
  const parsed = parseConfigYaml(before, config, "/");
  const keyPath = ["defaults", slot === "notifier" ? "notifiers" : slot];
  if (isWrittenInYaml(parsed, keyPath) && !use) return undefined;
  const edit: ConfigEdit | undefined =
    slot === "notifier"
      ? notifierEdit(yamlData(parsed), name, catalogDefaults)
      : { op: "set", keyPath, value: name };
  if (edit?.op !== "set") return undefined;
  // A written value keeps its node (its style and comments): a list gets one more item.
  const node = parsed.yaml.getIn(keyPath, true);
  if (slot === "notifier" && isSeq(node)) node.add(name);
  else if (slot !== "notifier" && isScalar(node)) node.value = name;
  else applyEditsToDocument(parsed.yaml, [edit]);
  const text = parsed.yaml.toString({ lineWidth: 0, flowCollectionPadding: false });
  const temporary = `${config}.ao-install-${process.pid}`;
  await writeFile(temporary, text, { mode: (await stat(config)).mode & 0o777 });
  await rename(temporary, config);
  return { key: keyPath.join("."), value: edit.value as string | readonly string[] };
}

function notifierEdit(data: unknown, name: string, catalogDefaults: PluginDefaults): ConfigEdit | undefined {
  const written = (data as { defaults?: { notifiers?: unknown } } | null)?.defaults?.notifiers;
  const current = Array.isArray(written) ? (written as string[]) : [...(catalogDefaults.notifiers ?? [])];
  if (current.includes(name)) return undefined;
  return { op: "set", keyPath: ["defaults", "notifiers"], value: [...current, name] };
}
