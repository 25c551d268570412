import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { AoError, EXIT_USAGE } from "./errors.js";

export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  /**
   * Milliseconds since an arbitrary start that never go back and stop while the machine sleeps
   * (`performance.now()`): the daemon compares it with `now()` to notice a sleep or a clock set back
   * (daemon/clock-jump.ts). Absent (a test's fixed clock): `performance.now()`.
   */
  monotonic?(): number;
}

/** `clock.monotonic()`, or `performance.now()` for a clock without one. */
export function monotonicNow(clock: Clock): number {
  return clock.monotonic ? clock.monotonic() : performance.now();
}

/**
 * The test variable naming a clock file: a file holding one whole number, milliseconds added to the
 * machine's time. Unset (always, outside tests), ao reads the machine's time and nothing else.
 */
export const CLOCK_FILE_ENV = "AO_CLOCK_FILE";

/**
 * ao's clock, from its environment. Tests set AO_CLOCK_FILE so that every ao process (the CLI and the
 * daemon it starts, which inherits the variable), the agents' hook recorder and the fake agents see
 * the same shifted time, and a test moves time forward by rewriting the file while they run ("wait
 * for the reset" becomes "advance the clock past it"). The file is read on every call, so a change
 * is seen at once; a missing or unreadable file, or one that is not a number, is an error.
 */
export function clockFromEnv(env: Readonly<Record<string, string | undefined>>): Clock {
  const file = env[CLOCK_FILE_ENV];
  const monotonic = () => performance.now();
  if (file === undefined || file === "") return { now: () => Date.now(), monotonic };
  readClockOffset(file); // a bad file fails the command at its start, not in the middle of it
  // Only the wall clock moves with the file: a test that advances it is, to the daemon, a machine
  // that slept (docs/testing.md).
  return { now: () => Date.now() + readClockOffset(file), monotonic };
}

/** The offset in `file`: an optionally signed whole number of milliseconds, surrounded by blanks. */
export function readClockOffset(file: string): number {
  let text: string;
  try {
    text = readFileSync(file, "utf8").trim();
  } catch (error) {
    throw clockError(`cannot read ${file} (${CLOCK_FILE_ENV}): ${(error as Error).message}`);
  }
  if (!/^[+-]?\d{1,15}$/.test(text)) {
    throw clockError(
      `${file} (${CLOCK_FILE_ENV}) holds ${JSON.stringify(text)}, not a number of milliseconds`,
    );
  }
  return Number(text);
}

function clockError(message: string): AoError {
  return new AoError("E_USAGE", message, {
    exitCode: EXIT_USAGE,
    hint: `${CLOCK_FILE_ENV} is a test variable: unset it, or write a whole number of milliseconds (such as 60000) to the file`,
  });
}
