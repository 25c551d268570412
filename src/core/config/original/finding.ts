import type { ConfigEdit } from "../config-edits.js";
import type { KeyPath } from "../types.js";

/**
 * A key the original ao's schema has that ao writes differently or does not have: where it is, what
 * ao does instead (the warning's text) and the edits that make the file say so (`ao config migrate`).
 */
export interface OriginalKeyFinding {
  readonly keyPath: KeyPath;
  readonly message: string;
  readonly edits: readonly ConfigEdit[];
}

export type Data = Record<string, unknown>;

/** The value as a map, or undefined (absent, a list, a scalar: the schema reports those). */
export function mapAt(value: unknown): Data | undefined {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Data) : undefined;
}

/** A key ao does not have: the warning, and the file without it. */
export function dropped(keyPath: KeyPath, message: string): OriginalKeyFinding {
  return { keyPath, message, edits: [{ op: "delete", keyPath }] };
}

/** For each key of `map` that `table` knows: the table's finding. */
export function droppedKeys(
  map: Data | undefined,
  at: KeyPath,
  table: Readonly<Record<string, string>>,
): OriginalKeyFinding[] {
  if (map === undefined) return [];
  return Object.keys(map)
    .filter((key) => Object.hasOwn(table, key))
    .map((key) => dropped([...at, key], table[key] as string));
}
