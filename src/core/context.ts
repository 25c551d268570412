import { clockFromEnv, type Clock } from "./clock.js";
import { createExec, type Exec } from "./exec.js";

export type { Clock } from "./clock.js";
import { createLogger, logLevelFromEnv, type Logger, type LogLevel } from "./logger.js";
import { aoPaths, resolveAoHome, type AoPaths } from "./paths.js";
import { rememberSecretValues, secretValuesOf } from "./redact.js";
import { AO_SECRET_VARIABLES } from "./secret-variables.js";
import type { PluginCatalog } from "./registry/catalog.js";

export interface OutputStream {
  write(chunk: string): unknown;
  readonly isTTY?: boolean | undefined;
}

/** Where `ao send` reads a message piped to it. */
export interface InputStream extends AsyncIterable<string | Uint8Array> {
  readonly isTTY?: boolean | undefined;
}

/** Asks a person a question on the terminal; resolves to `defaultValue` on an empty answer. */
export type Ask = (question: string, defaultValue: string) => Promise<string>;

/**
 * Everything with a side effect, passed explicitly. Core code takes a context (or the part of it it
 * needs) instead of reaching for process.*, so tests swap any piece without module mocking.
 */
export interface AoContext {
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly cwd: string;
  readonly paths: AoPaths;
  readonly exec: Exec;
  readonly clock: Clock;
  readonly stdout: OutputStream;
  readonly stderr: OutputStream;
  readonly logger: Logger;
  readonly catalog: PluginCatalog;
  /** Present only when a person is at a terminal; commands fall back to defaults without it. */
  readonly ask?: Ask | undefined;
  /** The process's stdin, for commands that read input from a pipe; absent in most tests. */
  readonly stdin?: InputStream | undefined;
}

export interface NodeContextOptions {
  env: Readonly<Record<string, string | undefined>>;
  cwd: string;
  catalog: PluginCatalog;
  stdout: OutputStream;
  stderr: OutputStream;
  stderrLogLevel?: LogLevel | undefined;
  /** ao.log's threshold when the command line sets one (`--debug`); otherwise AO_LOG_LEVEL, then info. */
  fileLogLevel?: LogLevel | undefined;
  ask?: Ask | undefined;
  stdin?: InputStream | undefined;
}

export function createNodeContext(options: NodeContextOptions): AoContext {
  // Known secret values are redacted at every sink from here on, whatever they look like.
  rememberSecretValues(secretValuesOf(options.env, AO_SECRET_VARIABLES));
  const paths = aoPaths(resolveAoHome(options.env));
  // Read even under --debug, so a mistyped AO_LOG_LEVEL is reported whatever the flags.
  const envLevel = logLevelFromEnv(options.env);
  const logger = createLogger({
    dir: paths.logs,
    fileLevel: options.fileLogLevel ?? envLevel,
    stderrLevel: options.stderrLogLevel,
  });
  return {
    env: options.env,
    cwd: options.cwd,
    paths,
    exec: createExec(logger, options.env),
    clock: clockFromEnv(options.env),
    stdout: options.stdout,
    stderr: options.stderr,
    logger,
    catalog: options.catalog,
    ask: options.ask,
    stdin: options.stdin,
  };
}
