/**
 * The configuration subsystem's public surface: other modules import from here rather than from
 * the individual stages, which may move.
 */
export { loadConfig } from "./load-config.js";
export { findConfigPath, CONFIG_FILE_NAMES } from "./find-config-path.js";
export { readRegisteredConfigs } from "./project-registry.js";
export { locateKeyPath } from "./locate-key-path.js";
export { listPluginReferences, type PluginReference } from "./plugin-references.js";
export { positionPluginOptionsError } from "./plugin-options-error.js";
export {
  PROJECT_PLUGIN_SLOTS,
  pluginOptions,
  projectPluginOptions,
  type ProjectPluginSlot,
} from "./project-plugins.js";
export { validateConfig, type ConfigValidation } from "./validate-config.js";
export { maskedConfig, showConfig } from "./show-config.js";
export { DEFAULT_REACTIONS, TEMPLATE_PLACEHOLDERS } from "./default-reactions.js";
export { REACTION_KEYS, REACTION_ACTIONS, PRIORITIES } from "./reaction-names.js";
export { formatDuration, parseDuration } from "./duration.js";
export { deriveSessionPrefix } from "./normalize-config.js";
export { formatKeyPath, type ConfigIssue } from "./config-issues.js";
export type {
  AgentConfig,
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
  ReactionAction,
  ReactionConfig,
  ReactionKey,
  ReactionTable,
  SourceLocation,
} from "./types.js";
