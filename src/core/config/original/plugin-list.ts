import type { ConfigEdit } from "../config-edits.js";
import type { KeyPath } from "../types.js";
import { dropped, mapAt, type Data, type OriginalKeyFinding } from "./finding.js";

/** Where a plugin name can be written, as key paths relative to the file's root. */
function referencePaths(data: Data): KeyPath[] {
  const paths: KeyPath[] = [];
  const defaults = mapAt(data["defaults"]);
  for (const slot of ["runtime", "agent", "workspace", "terminal", "lifecycle"])
    if (typeof defaults?.[slot] === "string") paths.push(["defaults", slot]);
  const notifiers = defaults?.["notifiers"];
  if (Array.isArray(notifiers)) notifiers.forEach((_, index) => paths.push(["defaults", "notifiers", index]));
  for (const [id, project] of Object.entries(mapAt(data["projects"]) ?? {})) {
    for (const slot of ["runtime", "agent", "workspace", "terminal", "lifecycle", "tracker", "scm"]) {
      const value = mapAt(project)?.[slot];
      if (typeof value === "string") paths.push(["projects", id, slot]);
      else if (typeof mapAt(value)?.["plugin"] === "string") paths.push(["projects", id, slot, "plugin"]);
    }
  }
  for (const id of Object.keys(mapAt(data["notifiers"]) ?? {})) paths.push(["notifiers", id, "plugin"]);
  return paths;
}

function valueAt(data: unknown, keyPath: KeyPath): unknown {
  let node = data;
  for (const segment of keyPath) node = (node as Record<string | number, unknown> | undefined)?.[segment];
  return node;
}

/** The original's sources with a package (registry, npm); its third source is a path on disk. */
const PACKAGE_SOURCES = new Set(["registry", "npm"]);
const fromDisk = (entry: Data) => !PACKAGE_SOURCES.has(String(entry["source"]));

/** What ao writes where the original writes the installed plugin's name: its package or its path. */
function specOf(entry: Data): string | undefined {
  const path = entry["path"];
  if (fromDisk(entry) && typeof path === "string") return /^(\.{1,2}\/|\/|~)/.test(path) ? path : `./${path}`;
  return typeof entry["package"] === "string" ? entry["package"] : undefined;
}

/**
 * `plugins:` is the original's list of installed plugins, referred to by `name` elsewhere. ao names
 * an external plugin where it is used (`tracker: "@acme/ao-tracker"`), so each entry turns into its
 * references written out, and the entry goes.
 */
export function pluginListFindings(data: Data): OriginalKeyFinding[] {
  const list = data["plugins"];
  if (!Array.isArray(list)) return [];
  const references = referencePaths(data);
  // Every entry goes, so the list goes too (edits on the first finding; deletes run last).
  const findings = list.map((item, index): OriginalKeyFinding => {
    const entry = mapAt(item) ?? {};
    const name = entry["name"];
    const spec = specOf(entry);
    const keyPath = ["plugins", index];
    const uses = references.filter((path) => typeof name === "string" && valueAt(data, path) === name);
    const remove: ConfigEdit = { op: "delete", keyPath };
    if (entry["enabled"] === false || spec === undefined || uses.length === 0) {
      const why =
        entry["enabled"] === false
          ? "it is disabled"
          : spec === undefined
            ? "it names no package or path"
            : "nothing in the file uses it";
      return {
        keyPath,
        message: `ao loads external plugins where they are named, and ${why}; removed`,
        edits: [remove],
      };
    }
    const where = uses.length === 1 ? "its one use now names" : `its ${uses.length} uses now name`;
    const install = fromDisk(entry) ? "" : ` (install it next to the config: ao plugin install ${spec})`;
    return {
      keyPath,
      message: `ao loads external plugins where they are named: ${where} ${spec}${install}`,
      edits: [...uses.map((path): ConfigEdit => ({ op: "set", keyPath: path, value: spec })), remove],
    };
  });
  const [first, ...rest] = findings;
  if (first === undefined) return [dropped(["plugins"], "an empty list of installed plugins; removed")];
  return [{ ...first, edits: [...first.edits, { op: "delete", keyPath: ["plugins"] }] }, ...rest];
}
