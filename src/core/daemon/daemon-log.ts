import type { AoContext } from "../context.js";
import { redactText } from "../redact.js";

/** What the daemon tells whoever reads its stderr (AO_HOME/logs/daemon.log when in the background). */
export interface DaemonLog {
  info(message: string, data?: Record<string, unknown>): void;
  warn(message: string, data?: Record<string, unknown>): void;
  error(message: string, data?: Record<string, unknown>): void;
}

/**
 * One timestamped line per fact on stderr, and the same record in the structured log (ao.log).
 * Lines are redacted like every log; callers still never pass request bodies.
 */
export function createDaemonLog(ctx: Pick<AoContext, "stderr" | "logger" | "clock">): DaemonLog {
  const write = (level: "info" | "warn" | "error") => (message: string, data?: Record<string, unknown>) => {
    const time = new Date(ctx.clock.now()).toISOString();
    const tag = level === "info" ? "" : `${level}: `;
    ctx.stderr.write(`${time} ${tag}${redactText(message)}\n`);
    ctx.logger[level](`daemon: ${message}`, data);
  };
  return { info: write("info"), warn: write("warn"), error: write("error") };
}
