import { declaredExitCode, reserveCoreCodes, type PluginErrorCode } from "./plugin-error-codes.js";
import { redactText } from "./redact.js";

/**
 * The one error type ao throws on purpose. The CLI's single handler (src/cli/main.ts) prints
 * `error: <message>` and `hint: <hint>`, and exits with `exitCode`. Anything that is not an AoError
 * reaching that handler is a bug and is printed with its stack.
 *
 * Core's own codes are this closed union. A plugin's codes are the plugin's (see
 * plugin-error-codes.ts): it declares them, with what they mean for the exit code.
 */
export const CORE_ERROR_CODES = [
  "E_USAGE",
  "E_CONFIG_NOT_FOUND",
  "E_CONFIG_INVALID",
  "E_CONFIG_ENV",
  "E_PLUGIN_UNKNOWN",
  "E_PLUGIN_INVALID",
  "E_PLUGIN_OPTIONS",
  "E_PLUGIN_FAILED",
  "E_STORE_CORRUPT",
  "E_STORE_TOO_NEW",
  "E_STORE_FAILED",
  "E_EXEC_FAILED",
  "E_EXEC_NOT_FOUND",
  "E_NOT_A_REPO",
  "E_EXISTS",
  "E_NOT_FOUND",
  "E_DOCTOR_FAILED",
  "E_WORKSPACE_DIRTY",
  "E_WORKSPACE_FAILED",
  "E_LOCK_TIMEOUT",
  "E_MERGE_REJECTED",
  "E_SESSION_LIMIT",
  "E_RATE_LIMITED",
  "E_OVER_BUDGET",
  "E_NO_ROOM",
  "E_QUEUED",
  "E_SESSION_STATE",
  "E_SPAWN_FAILED",
  "E_NOT_DELIVERED",
  "E_TURN_FAILED",
  "E_TURN_TIMEOUT",
  "E_NOTIFY_FAILED",
  "E_NOTIFIER_UNAVAILABLE",
  "E_ISSUE_INVALID",
  "E_DAEMON_RUNNING",
  "E_DAEMON_FAILED",
  "E_DEMO_FAILED",
  "E_BUSY",
  "E_REQUEST_ID_REUSED",
  "E_UNAUTHORIZED",
  "E_CONTROL_PLANE_OFF",
  "E_PLAN_INVALID",
  "E_PLAN_MOVED_ON",
  "E_PLAN_STATE",
  "E_PLAN_EDIT_REFUSED",
  "E_UPDATE_FAILED",
  "E_REGISTRY_FAILED",
  "E_NPM_FAILED",
  "E_QUESTIONS_UNSUPPORTED",
  "E_NO_QUESTION",
  "E_QUESTION_CHANGED",
  "E_COMMANDER_APPROVALS",
] as const;

export type CoreErrorCode = (typeof CORE_ERROR_CODES)[number];

reserveCoreCodes(CORE_ERROR_CODES);

/** Core's codes, or a code a plugin declared (only `declareErrorCodes` makes one). */
export type AoErrorCode = CoreErrorCode | PluginErrorCode;

/** Exit codes: 0 ok, 1 failure, 2 usage or configuration error. */
export const EXIT_FAILURE = 1;
export const EXIT_USAGE = 2;

const USAGE_CODES: ReadonlySet<string> = new Set<CoreErrorCode>([
  "E_USAGE",
  "E_CONFIG_NOT_FOUND",
  "E_CONFIG_INVALID",
  "E_CONFIG_ENV",
  "E_PLUGIN_UNKNOWN",
  "E_PLUGIN_OPTIONS",
  "E_PLAN_INVALID",
  "E_PLAN_EDIT_REFUSED",
]);

export interface AoErrorOptions {
  hint?: string | undefined;
  exitCode?: number | undefined;
  cause?: unknown;
  /** Machine-readable facts for `--json` output (file, line, key path, …). Never secrets. */
  details?: Record<string, unknown> | undefined;
}

export class AoError extends Error {
  override readonly name = "AoError";
  readonly code: AoErrorCode;
  readonly hint: string | undefined;
  readonly exitCode: number;
  readonly details: Record<string, unknown> | undefined;

  constructor(code: AoErrorCode, message: string, options: AoErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.hint = options.hint;
    this.exitCode = options.exitCode ?? (USAGE_CODES.has(code) ? EXIT_USAGE : declaredExitCode(code));
    this.details = options.details;
  }

  toJSON(): Record<string, unknown> {
    return { code: this.code, message: this.message, hint: this.hint, details: this.details };
  }
}

/**
 * An AoError from this copy of ao or from another one: an external plugin runs its own copy of
 * `agent-orchestrator/plugin` beside the CLI's bundle, so an error the CLI's `ctx.exec` throws is no
 * instance of the plugin's AoError class, and a plugin's error none of the CLI's. Name and code decide.
 */
export function isAoError(value: unknown): value is AoError {
  if (value instanceof AoError) return true;
  const { name, code } = (value ?? {}) as { name?: unknown; code?: unknown };
  return value instanceof Error && name === "AoError" && typeof code === "string" && code.startsWith("E_");
}

/**
 * The one text of anything thrown that may be shown or kept: an Error's message (or the value
 * itself as text) with secrets redacted, since what is thrown may quote a token a forge echoed
 * back. Every sink (logs, the store's reasons, CLI and API answers) formats an error through it.
 */
export function messageOf(error: unknown): string {
  return redactText(error instanceof Error ? error.message : String(error));
}
