import { mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import type { Logger as PinoLogger, StreamEntry } from "pino";
import type * as PinoModule from "pino";
import { redactText, redactValue } from "./redact.js";

export type LogLevel = "debug" | "info" | "warn" | "error";

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
  /** Also write to stderr (`--verbose`: info and up, `--debug`: everything). */
  stderrLevel?: LogLevel | undefined;
}

/**
 * pino writes JSON lines to AO_HOME/logs/ao.log. It is loaded on the first log call, not at import,
 * so commands that never log (`ao --version`) do not pay for it. Every message and field passes
 * through redaction before pino sees it.
 */
export function createLogger(options: LoggerOptions): Logger {
  let pino: PinoLogger | undefined;
  const load = (): PinoLogger => {
    if (pino) return pino;
    const require = createRequire(import.meta.url);
    const pinoModule = require("pino") as typeof PinoModule;
    mkdirSync(options.dir, { recursive: true });
    const streams: StreamEntry[] = [
      { level: "debug", stream: pinoModule.destination({ dest: join(options.dir, "ao.log"), sync: true }) },
    ];
    if (options.stderrLevel) streams.push({ level: options.stderrLevel, stream: process.stderr });
    pino = pinoModule.pino({ level: "debug", base: { pid: process.pid } }, pinoModule.multistream(streams));
    return pino;
  };
  const write = (level: LogLevel) => (message: string, data?: Record<string, unknown>) => {
    const fields = data ? (redactValue(data) as Record<string, unknown>) : {};
    load()[level](fields, redactText(message));
  };
  return {
    debug: write("debug"),
    info: write("info"),
    warn: write("warn"),
    error: write("error"),
    flush: () => pino?.flush(),
  };
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
