import { readFileSync } from "node:fs";

/**
 * A file's text, or `undefined` when it cannot be read (not written yet, removed, unreadable): for
 * records and ledgers that may not exist, where "nothing recorded" is the right reading.
 */
export function readTextIfPresent(file: string): string | undefined {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
}
