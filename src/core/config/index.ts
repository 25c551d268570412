/**
 * The configuration subsystem's public surface: other modules import from here rather than from
 * the individual stages, which may move.
 */

// The config found, loaded and validated, and the configs of registered projects.
export { loadConfig } from "./load-config.js";
export { findConfigPath, CONFIG_FILE_NAMES } from "./find-config-path.js";
export { readRegisteredConfigs } from "./project-registry.js";

// Where a key path sits in the YAML, and the plugins the config names with their options.
export { locateKeyPath } from "./locate-key-path.js";
export { listPluginReferences, type PluginReference } from "./plugin-references.js";
export { positionPluginOptionsError } from "./plugin-options-error.js";
export {
  PROJECT_PLUGIN_SLOTS,
  pluginOptions,
  projectPluginOptions,
  type ProjectPluginSlot,
} from "./project-plugins.js";

// `ao config show|schema|migrate` (`validate` is doctor's): the config shown, described, upgraded.
export { maskedConfig, showConfig } from "./show-config.js";
export { renderConfigJsonSchema } from "./json-schema.js";
export { migrateConfig } from "./migrate-config.js";

// Defaults, names and the duration syntax the config uses.
export { DEFAULT_REACTIONS, TEMPLATE_PLACEHOLDERS } from "./default-reactions.js";
export { REACTION_KEYS, REACTION_ACTIONS, PRIORITIES } from "./reaction-names.js";
export { formatDuration, parseDuration } from "./duration.js";
export { deriveSessionPrefix } from "./normalize-config.js";

// A config problem and how it reads, with its file, line and key path.
export { formatIssue, formatKeyPath, type ConfigIssue } from "./config-issues.js";

// The config's types, as loaded and normalized.
export type {
  AgentConfig,
  AdmissionConfig,
  AoConfig,
  ConfigDocument,
  ControlPlaneConfig,
  DaemonConfig,
  DefaultsConfig,
  EnvReference,
  KeyPath,
  LoadedConfig,
  NotifierConfig,
  PluginConfig,
  Priority,
  ProjectConfig,
  MergeQueueConfig,
  ReactionAction,
  ReactionConfig,
  ReactionKey,
  ReactionTable,
  SourceLocation,
} from "./types.js";
