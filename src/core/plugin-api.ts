/**
 * `agent-orchestrator/plugin`: everything a plugin may use from ao, in one curated entry. External
 * plugins import this package path (package.json `exports`, built to dist/core/plugin-api.js with
 * its declaration files); the built-in plugins in src/plugins import this very module (a lint rule
 * keeps them off the rest of core), so the entry is proven by every plugin ao ships.
 *
 * To add something: put it in the section it belongs to (or a new section), with a line saying why
 * a plugin needs it. Only what a plugin cannot do without: nothing here may reach the store, the
 * config loader, the CLI or a built-in plugin, and nothing may load a package at import
 * (test/core/plugin-api.test.ts fails when the entry's imports do), because every `ao` command that
 * resolves a plugin pays for what this module imports.
 */

// ── Declaring a plugin ──────────────────────────────────────────────────────────────────────────
// definePlugin: the `export const plugin = definePlugin({ … })` of every plugin module; TypeScript
// then checks that `create` returns the slot's interface and infers `options` from the zod schema.
export { definePlugin } from "./registry/define-plugin.js";
// The definition's parts and what `create(options, ctx)` receives: the context is the plugin's only
// way to the environment, processes, clock, logs and paths, so it can be tested without mocking.
export type {
  PluginContext,
  PluginDefinition,
  PluginOptionsSchema,
  PluginProject,
} from "./registry/define-plugin.js";
// The seams inside PluginContext, named so a plugin's helpers can take just the part they use.
export type { Clock, OutputStream } from "./context.js";
export type { Logger, LogLevel } from "./logger.js";
export type { AoPaths } from "./paths.js";
// A package of several plugins, or a test, builds a catalog (slot → name → lazy loader) from these.
export { SLOTS, emptyCatalog } from "./registry/catalog.js";
export type { PluginCatalog, PluginDefaults, PluginLoader, Slot } from "./registry/catalog.js";

// ── Capabilities of a definition ────────────────────────────────────────────────────────────────
// What core asks every configured plugin instead of naming one (docs/plugins.md): its own doctor
// checks, the program it runs, cleaning up what it started, proposing itself to `ao init`.
// installCommandFor picks a PlatformCommand's command for the platform a check runs on.
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
  PublishRulesInput,
  RunningAgent,
  HandBackInput,
  DefaultModels,
} from "./registry/plugin-capabilities.js";
// A program on PATH answering its version flag, the way ao's own doctor checks one (tmux, agent CLIs).
export { checkProgram } from "./registry/check-program.js";
export type { ProgramSpec } from "./registry/check-program.js";

// ── The slot interfaces ─────────────────────────────────────────────────────────────────────────
// What core calls on each slot (Runtime, Agent, Workspace, Tracker, Scm, Notifier, Terminal,
// Lifecycle), the data crossing them, and `SlotInterfaces` mapping a slot to its interface.
export type * from "./slots/index.js";
// Their closed vocabularies as values, so a plugin validates or switches over them without
// repeating the lists; REQUIRED_METHODS is what the registry checks an instance for.
export {
  AGENT_ACTIVITIES,
  ENDED_TURN_STATUSES,
  NOTIFICATION_PRIORITIES,
  REPLY_SOURCES,
  REQUIRED_METHODS,
  SESSION_STATUSES,
  TOOL_KINDS,
  TURN_ORIGINS,
  TURN_STATUSES,
  isSessionStatus,
} from "./slots/index.js";

// ── Errors ──────────────────────────────────────────────────────────────────────────────────────
// AoError reaches the person as it is, hint included (the registry recognises one from another copy
// of this package by its name and code); anything else a plugin throws is wrapped as E_PLUGIN_FAILED.
export { AoError, isAoError, messageOf } from "./errors.js";
export type { AoErrorCode, AoErrorOptions } from "./errors.js";
// A plugin's own error codes (E_GITHUB_AUTH…) are the plugin's, not core's closed union: it declares
// them once with their exit-code meaning and throws AoErrors with the typed codes it gets back.
export { declareErrorCodes } from "./plugin-error-codes.js";
export type { ErrorMeaning, PluginErrorCode } from "./plugin-error-codes.js";

// ── Processes ───────────────────────────────────────────────────────────────────────────────────
// A plugin starts processes only through `ctx.exec` (argument arrays, never a shell, the context's
// environment); these are its types and the error it throws, for a plugin that inspects failures.
export { execError } from "./exec.js";
export type { Exec, ExecOptions, ExecResult } from "./exec.js";
// git through ctx.exec with a parsable locale and no credential prompts (workspaces, scms, trackers).
export { GIT_ENV, git, gitText, noFilterDrivers } from "./git.js";
// Whether a program is installed, from the context's PATH (a plugin checking its CLI before use).
export { findOnPath } from "./find-on-path.js";
// ao's own package root (its bin/ao.js), for a plugin whose session runs a command of ao itself (acp's host).
export { packageRoot } from "./package-root.js";

// Processes a plugin started earlier (a detached runner, a launcher): pid + start time, "is it still
// the one we started?". The one place in ao that reads /proc; a plugin never reads it itself.
export {
  checkProcess,
  hasProcFs,
  isPidAlive,
  isProcessGroupRunning,
  processRef,
  processStartTime,
  readProcessStat,
  signalProcessGroup,
} from "./process-identity.js";
export type { ProcessIdentity, ProcessRef, ProcessStat } from "./process-identity.js";

// ── Turns ───────────────────────────────────────────────────────────────────────────────────────
// Core's screen-stability observer (`turnCursor` + `observeTurn` from the screen and `activity`):
// what agents without hooks or transcripts get by default, for a plugin that builds on it (a
// failure pattern, a quieter screen) instead of writing its own.
export { DEFAULT_QUIET_MS, observeScreenTurn, screenTurnCursor, screenTurns } from "./turns/screen-turns.js";
export type { ScreenTurnOptions } from "./turns/screen-turns.js";

// ── Small helpers several plugins need ──────────────────────────────────────────────────────────
// Secrets never reach logs, events or messages: redact text a plugin got from outside.
export { REDACTED, redactText } from "./redact.js";
export { readTextIfPresent } from "./read-text-if-present.js";
/** Text without terminal escape sequences (colours, cursor moves, titles, links). */
export { stripAnsi } from "./strip-ansi.js";
// Durations written in options the way the config writes them ("30s", "10m").
export { DURATION_PATTERN, parseDuration } from "./config/duration.js";
// "did you mean …?" for a misspelt name in a plugin's options or input.
export { didYouMean } from "./did-you-mean.js";
// Branch names for trackers, with the same slug rules as the sessions ao names itself.
export { branchNameFor, slugify } from "./sessions/branch-name.js";
// The reactions' defaults, for a lifecycle plugin that decides with the same thresholds.
export { DEFAULT_REACTIONS } from "./config/default-reactions.js";
