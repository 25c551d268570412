import { InvalidArgumentError } from "commander";

/** A revision number as an argument or flag: a whole number from 1. */
export function revisionArg(text: string): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1)
    throw new InvalidArgumentError("expected a revision number (1, 2, …)");
  return value;
}
