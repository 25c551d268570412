import { mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import type { Logger as PinoLogger, StreamEntry } from "pino";
import type * as PinoModule from "pino";
import { AoError } from "./errors.js";
import { describeWriteCode } from "./write-failure.js";
import { redactText, redactValue } from "./redact.js";

export type LogLevel = "debug" | "info" | "warn" | "error";

const LOG_LEVELS: readonly LogLevel[] = ["debug", "info", "warn", "error"];

/** The environment variable that lowers (or raises) ao.log's threshold without `--debug`. */
const LOG_LEVEL_ENV = "AO_LOG_LEVEL";

export interface Logger {
  debug(message: string, data?: Record<string, unknown>): void;
  info(message: string, data?: Record<string, unknown>): void;
  warn(message: string, data?: Record<string, unknown>): void;
  error(message: string, data?: Record<string, unknown>): void;
  /** Flush pending writes; called once before the process exits. */
  flush(): void;
}

export interface LoggerOptions {
  /** Directory for `ao.log`; AO_HOME/logs in production. */
  dir: string;
  /** The lowest level ao.log keeps; default info (`--debug` or AO_LOG_LEVEL=debug: debug). */
  fileLevel?: LogLevel | undefined;
  /** Also write to stderr (`--verbose`: info and up, `--debug`: everything). */
  stderrLevel?: LogLevel | undefined;
  /** Loads pino; tests pass one that counts calls. Default: require("pino"). */
  loadPino?: (() => typeof PinoModule) | undefined;
  /** Told once when ao.log cannot be written (a full disk); default: a warning line on stderr. */
  onWriteFailure?: ((message: string) => void) | undefined;
}

/**
 * pino writes JSON lines to AO_HOME/logs/ao.log. It is loaded on the first record that some stream
 * keeps, not at import: a command whose only records are below every threshold (the debug line each
 * `exec` writes) never pays for it. Every message and field passes through redaction before pino sees it.
 */
export function createLogger(options: LoggerOptions): Logger {
  const fileLevel = options.fileLevel ?? "info";
  const lowest = lowerLevel(fileLevel, options.stderrLevel);
  const file = join(options.dir, "ao.log");
  let pino: PinoLogger | undefined;
  // Set when ao.log could not be written: from then on records go to stderr only (if asked for).
  let fileFailed = false;
  const load = (): PinoLogger => {
    if (pino) return pino;
    const pinoModule = (options.loadPino ?? requirePino)();
    const streams: StreamEntry[] = [];
    if (!fileFailed) {
      // 0o700: AO_HOME (created here when the log is its first file) holds prompts and logs.
      mkdirSync(options.dir, { recursive: true, mode: 0o700 });
      const destination = pinoModule.destination({ dest: file, sync: true });
      destination.on("error", (error: unknown) => fail(error));
      streams.push({ level: fileLevel, stream: destination });
    }
    if (options.stderrLevel) streams.push({ level: options.stderrLevel, stream: process.stderr });
    pino = pinoModule.pino({ level: lowest, base: { pid: process.pid } }, pinoModule.multistream(streams));
    return pino;
  };
  const fail = (error: unknown): void => {
    if (fileFailed) return;
    fileFailed = true;
    pino = undefined;
    (options.onWriteFailure ?? warnOnStderr)(logWriteFailure(file, error));
  };
  const write = (level: LogLevel) => (message: string, data?: Record<string, unknown>) => {
    if (rank(level) < rank(lowest) || (fileFailed && options.stderrLevel === undefined)) return;
    const fields = data ? (redactValue(data) as Record<string, unknown>) : {};
    try {
      load()[level](fields, redactText(message));
    } catch (error) {
      // A full or read-only disk must not end the command (or the daemon) that was only logging.
      fail(error);
    }
  };
  return {
    debug: write("debug"),
    info: write("info"),
    warn: write("warn"),
    error: write("error"),
    flush: () => pino?.flush(),
  };
}

/** What a person reads when ao.log stops being written: which file, why, and what is kept. */
export function logWriteFailure(file: string, error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  const why = typeof code === "string" ? `${describeWriteCode(code)} (${code})` : String(error);
  return (
    `warning: cannot write ${file}: ${why}; log records are dropped from here on, ` +
    "everything else (the state database, running agents) is kept\n"
  );
}

function warnOnStderr(message: string): void {
  try {
    process.stderr.write(message);
  } catch {
    // stderr is on the same full disk (the daemon's daemon.log): nothing more to say.
  }
}

/**
 * ao.log's threshold from AO_LOG_LEVEL: undefined when unset or empty. A value that is not a level
 * is a usage error rather than a silent default, so a typo does not quietly drop the lines asked for.
 */
export function logLevelFromEnv(env: Readonly<Record<string, string | undefined>>): LogLevel | undefined {
  const value = env[LOG_LEVEL_ENV];
  if (value === undefined || value === "") return undefined;
  const level = value.trim().toLowerCase();
  if (isLogLevel(level)) return level;
  throw new AoError("E_USAGE", `${LOG_LEVEL_ENV}=${JSON.stringify(value)} is not a log level`, {
    hint: `set ${LOG_LEVEL_ENV} to one of ${LOG_LEVELS.join(", ")}, or unset it (default info)`,
    details: { variable: LOG_LEVEL_ENV, value, valid: LOG_LEVELS },
  });
}

function isLogLevel(value: string): value is LogLevel {
  return (LOG_LEVELS as readonly string[]).includes(value);
}

function rank(level: LogLevel): number {
  return LOG_LEVELS.indexOf(level);
}

function lowerLevel(a: LogLevel, b: LogLevel | undefined): LogLevel {
  return b !== undefined && rank(b) < rank(a) ? b : a;
}

function requirePino(): typeof PinoModule {
  return createRequire(import.meta.url)("pino") as typeof PinoModule;
}

/** A logger that keeps records in memory: for tests that check what was (not) logged. */
export function createMemoryLogger(): Logger & {
  records: { level: LogLevel; message: string; data: unknown }[];
} {
  const records: { level: LogLevel; message: string; data: unknown }[] = [];
  const write = (level: LogLevel) => (message: string, data?: Record<string, unknown>) => {
    records.push({ level, message: redactText(message), data: data ? redactValue(data) : undefined });
  };
  return {
    records,
    debug: write("debug"),
    info: write("info"),
    warn: write("warn"),
    error: write("error"),
    flush: () => undefined,
  };
}
