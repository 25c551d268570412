import { existsSync } from "node:fs";
import { AoError } from "./errors.js";
import type { Logger } from "./logger.js";
import { redactText } from "./redact.js";
import { runProcess } from "./run-process.js";

/**
 * The one place ao starts processes. Always an argument array, never a shell string: untrusted text
 * (issue bodies, review comments) can sit in an argument without being interpreted.
 */
export interface ExecOptions {
  cwd?: string | undefined;
  /** Merged over the context's environment; a value of `undefined` removes the variable. */
  env?: Readonly<Record<string, string | undefined>> | undefined;
  /** Written to the child's stdin (bytes as they are: a git bundle, a file's content). */
  input?: string | Uint8Array | undefined;
  timeoutMs?: number | undefined;
  /** false: return a failed result instead of throwing (the caller inspects exitCode). */
  reject?: boolean | undefined;
}

export interface ExecResult {
  readonly command: string;
  readonly exitCode: number | undefined;
  readonly stdout: string;
  readonly stderr: string;
  readonly failed: boolean;
  readonly timedOut: boolean;
  readonly notFound: boolean;
}

export type Exec = (file: string, args: readonly string[], options?: ExecOptions) => Promise<ExecResult>;

/**
 * `baseEnv` is the context's environment (ctx.env), not whatever process.env happens to hold: a
 * test or a daemon decides exactly what its children see, and PATH lookups agree with ctx.env.PATH.
 */
export function createExec(logger: Logger, baseEnv: Readonly<Record<string, string | undefined>>): Exec {
  return async (file, args, options = {}) => {
    const command = [file, ...args].join(" ");
    const outcome = await runProcess(file, args, {
      cwd: options.cwd,
      env: childEnv(baseEnv, options.env),
      input: options.input,
      timeoutMs: options.timeoutMs,
    });
    // spawn says ENOENT for a missing working directory too; blaming the program would send the
    // person off to install something they have.
    const missingCwd = outcome.notFound && options.cwd !== undefined && !existsSync(options.cwd);
    const result: ExecResult = {
      command,
      exitCode: outcome.exitCode,
      stdout: outcome.stdout,
      stderr: missingCwd ? `the directory ${String(options.cwd)} does not exist` : outcome.stderr,
      failed: outcome.abnormal || outcome.exitCode !== 0,
      timedOut: outcome.timedOut,
      notFound: outcome.notFound && !missingCwd,
    };
    logger.debug("exec", { command, cwd: options.cwd, exitCode: result.exitCode, failed: result.failed });
    if (result.failed && options.reject !== false) throw execError(file, result);
    return result;
  };
}

function childEnv(
  base: Readonly<Record<string, string | undefined>>,
  overrides: Readonly<Record<string, string | undefined>> | undefined,
): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries({ ...base, ...overrides })) {
    if (value !== undefined) env[key] = value;
  }
  return env;
}

export function execError(file: string, result: ExecResult): AoError {
  if (result.notFound) {
    return new AoError("E_EXEC_NOT_FOUND", `${file} was not found on PATH`, {
      hint: `install ${file}, or check PATH (ao doctor lists what is missing)`,
    });
  }
  const why = result.timedOut ? "timed out" : `exited with ${String(result.exitCode)}`;
  const tail = result.stderr.trim().split("\n").slice(-3).join("\n");
  return new AoError(
    "E_EXEC_FAILED",
    `${redactText(result.command)} ${why}${tail ? `: ${redactText(tail)}` : ""}`,
    {
      details: { command: redactText(result.command), exitCode: result.exitCode },
    },
  );
}
