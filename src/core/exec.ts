import { AoError } from "./errors.js";
import type { Logger } from "./logger.js";
import { redactText } from "./redact.js";

/**
 * The one place ao starts processes. Always an argument array, never a shell string: untrusted text
 * (issue bodies, review comments) can sit in an argument without being interpreted.
 */
export interface ExecOptions {
  cwd?: string | undefined;
  /** Merged over the context's environment; a value of `undefined` removes the variable. */
  env?: Readonly<Record<string, string | undefined>> | undefined;
  /** Written to the child's stdin. */
  input?: string | undefined;
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

interface ExecaFailure {
  exitCode?: number;
  stdout?: unknown;
  stderr?: unknown;
  failed?: boolean;
  timedOut?: boolean;
  code?: string;
  cause?: { code?: string };
}

/**
 * `baseEnv` is the context's environment (ctx.env), not whatever process.env happens to hold: a
 * test or a daemon decides exactly what its children see, and PATH lookups agree with ctx.env.PATH.
 */
export function createExec(logger: Logger, baseEnv: Readonly<Record<string, string | undefined>>): Exec {
  return async (file, args, options = {}) => {
    // execa is imported on first use so commands that start no process do not load it.
    const { execa } = await import("execa");
    const command = [file, ...args].join(" ");
    const raw = (await execa(file, [...args], {
      ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
      env: childEnv(baseEnv, options.env),
      extendEnv: false,
      ...(options.input === undefined ? {} : { input: options.input }),
      ...(options.timeoutMs === undefined ? {} : { timeout: options.timeoutMs }),
      reject: false,
      stripFinalNewline: true,
    })) as ExecaFailure;
    const result: ExecResult = {
      command,
      exitCode: raw.exitCode,
      stdout: typeof raw.stdout === "string" ? raw.stdout : "",
      stderr: typeof raw.stderr === "string" ? raw.stderr : "",
      failed: raw.failed === true,
      timedOut: raw.timedOut === true,
      notFound: raw.code === "ENOENT" || raw.cause?.code === "ENOENT",
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
