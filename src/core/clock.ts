import { readFileSync } from "node:fs";
import { AoError, EXIT_USAGE } from "./errors.js";

export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
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
  if (file === undefined || file === "") return { now: () => Date.now() };
  readClockOffset(file); // a bad file fails the command at its start, not in the middle of it
  return { now: () => Date.now() + readClockOffset(file) };
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
