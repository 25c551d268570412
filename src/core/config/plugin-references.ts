import type { Slot } from "../registry/catalog.js";
import type * as ConfigDocumentModule from "./config-document.js";
import { PROJECT_PLUGIN_SLOTS } from "./project-plugins.js";
import type { KeyPath, LoadedConfig, PluginConfig, SourceLocation } from "./types.js";

/** One plugin the configuration uses, for the registry to resolve and `ao doctor` to check. */
export interface PluginReference {
  slot: Slot;
  name: string;
  /** The keys beside `plugin`, untouched; the plugin's own schema validates them. */
  options: Record<string, unknown>;
  /** Where the reference lives in the normalised config, e.g. ["projects", "app", "tracker"]. */
  keyPath: (string | number)[];
  /** Where the name is written in the file; undefined when it is a built-in default. */
  location?: SourceLocation | undefined;
}

/** The loaded configuration with its document and yaml's lookups (both loaded lazily). */
interface Source {
  config: LoadedConfig["config"];
  document: ConfigDocumentModule.ParsedYaml;
  yaml: typeof ConfigDocumentModule;
}

/** The first of `candidates` written in the file: the `plugin:` value of a map, or the value itself. */
function writtenAt(source: Source, candidates: KeyPath[]): SourceLocation | undefined {
  for (const keyPath of candidates) {
    for (const path of [[...keyPath, "plugin"], keyPath]) {
      if (source.yaml.isWrittenInYaml(source.document, path))
        return source.yaml.locateInYaml(source.document, path);
    }
  }
  return undefined;
}

function fromPluginConfig(
  slot: Slot,
  config: PluginConfig,
  keyPath: (string | number)[],
  location?: SourceLocation,
) {
  const { plugin, ...options } = config;
  return { slot, name: plugin, options, keyPath, location } satisfies PluginReference;
}

function projectReferences(loaded: Source): PluginReference[] {
  return Object.values(loaded.config.projects).flatMap((project) => {
    const at = (slot: string): (string | number)[] => ["projects", project.id, slot];
    // Not written in the project: the name comes from `defaults`, which takes no options.
    const named = PROJECT_PLUGIN_SLOTS.map((slot) =>
      fromPluginConfig(slot, project[slot], at(slot), writtenAt(loaded, [at(slot), ["defaults", slot]])),
    );
    // A tracker or scm that is not written comes from `repo` (github), so point there.
    const configured = (["tracker", "scm"] as const).flatMap((slot) => {
      const config = project[slot];
      return config
        ? [fromPluginConfig(slot, config, at(slot), writtenAt(loaded, [at(slot), at("repo")]))]
        : [];
    });
    return [...named, ...configured];
  });
}

/** Routed names that are not configured notifier ids are plugin names with no options (`desktop`). */
function routedReferences(loaded: Source): PluginReference[] {
  const { notifiers, notificationRouting, defaults } = loaded.config;
  const seen = new Set<string>();
  const references: PluginReference[] = [];
  for (const [priority, names] of Object.entries(notificationRouting)) {
    const routed = loaded.yaml.isWrittenInYaml(loaded.document, ["notificationRouting", priority]);
    names.forEach((name, index) => {
      if (Object.hasOwn(notifiers, name) || seen.has(name)) return;
      seen.add(name);
      const keyPath = routed
        ? ["notificationRouting", priority, index]
        : ["defaults", "notifiers", defaults.notifiers.indexOf(name)];
      references.push({
        slot: "notifier",
        name,
        options: {},
        keyPath,
        location: writtenAt(loaded, [keyPath]),
      });
    });
  }
  return references;
}

/** Every plugin reference after defaults are applied: per project, each configured notifier, routed names. */
export async function listPluginReferences(loaded: LoadedConfig): Promise<PluginReference[]> {
  const [document, yaml] = await Promise.all([loaded.loadDocument(), import("./config-document.js")]);
  return referencesIn({ config: loaded.config, document, yaml });
}

function referencesIn(loaded: Source): PluginReference[] {
  const configured = Object.entries(loaded.config.notifiers).map(([id, config]) =>
    fromPluginConfig("notifier", config, ["notifiers", id], writtenAt(loaded, [["notifiers", id]])),
  );
  return [...projectReferences(loaded), ...configured, ...routedReferences(loaded)];
}
