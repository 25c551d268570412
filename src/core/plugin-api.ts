/**
 * `agent-orchestrator/plugin`: everything a plugin may use from ao, in one curated entry. External
 * plugins import this package path; the built-in plugins in src/plugins import this very module (a
 * lint rule keeps them off the rest of core), so the entry is proven by every plugin ao ships.
 *
 * What is here, and why: `definePlugin` and the slot interfaces to write a plugin against; `AoError`
 * so a plugin's failures reach the person with a hint; the exec and git helpers, because processes
 * start only through the context's `exec` (argument arrays, never a shell); and the small text and
 * time helpers several plugins need. Nothing here reaches the store, the config loader or the CLI.
 */

// Declaring plugins and catalogs.
export { definePlugin } from "./registry/define-plugin.js";
export type {
  PluginContext,
  PluginDefinition,
  PluginOptionsSchema,
  PluginProject,
} from "./registry/define-plugin.js";
export { SLOTS, emptyCatalog } from "./registry/catalog.js";
export type { PluginCatalog, PluginDefaults, PluginLoader, Slot } from "./registry/catalog.js";

// The optional capabilities of a definition: doctor checks, cleanup, the program it runs.
export { installCommandFor } from "./registry/plugin-capabilities.js";
export type {
  CheckStatus,
  InitProposal,
  InitRepository,
  PlatformCommand,
  PluginCapabilities,
  PluginCheck,
  PluginCheckContext,
  PluginCleanupContext,
  PluginProgram,
} from "./registry/plugin-capabilities.js";
export { checkProgram } from "./doctor/check-program.js";
export type { ProgramSpec } from "./doctor/check-program.js";

// The slot interfaces and their vocabularies.
export type * from "./slots/index.js";
export {
  AGENT_ACTIVITIES,
  ENDED_TURN_STATUSES,
  NOTIFICATION_PRIORITIES,
  REPLY_SOURCES,
  REQUIRED_METHODS,
  SESSION_STATUSES,
  TURN_ORIGINS,
  TURN_STATUSES,
  isSessionStatus,
} from "./slots/index.js";

// Errors.
export { AoError, isAoError, messageOf } from "./errors.js";
export type { AoErrorCode, AoErrorOptions } from "./errors.js";
// A plugin's own error codes, declared with their exit-code meaning.
export { declareErrorCodes } from "./plugin-error-codes.js";
export type { ErrorMeaning, PluginErrorCode } from "./plugin-error-codes.js";

// Processes: the context's exec, git with a parsable locale and no prompts.
export { execError } from "./exec.js";
export type { Exec, ExecOptions, ExecResult } from "./exec.js";
export { GIT_ENV, git, gitText } from "./git.js";
export { findOnPath } from "./init/find-on-path.js";

// Processes ao started earlier: pid + start time, "is it still the one we started?".
export {
  checkProcess,
  hasProcFs,
  isPidAlive,
  processRef,
  processStartTime,
  readProcessStat,
  signalProcessGroup,
} from "./process-identity.js";
export type { ProcessIdentity, ProcessRef, ProcessStat } from "./process-identity.js";

// The seams a plugin's factory receives (through PluginContext).
export type { Clock } from "./context.js";
export type { AoPaths } from "./paths.js";

// Small helpers.
export { REDACTED, redactText } from "./redact.js";
export { DURATION_PATTERN, parseDuration } from "./config/duration.js";
export { didYouMean } from "./did-you-mean.js";
export { branchNameFor, slugify } from "./sessions/branch-name.js";
export { DEFAULT_REACTIONS } from "./config/default-reactions.js";
