import { redactStrings } from "../redact.js";
import { corruptStoreError } from "./sqlite-errors.js";

export type JsonObject = Record<string, unknown>;

/** Every JSON column ao writes; its strings are redacted (a PR state or exit may quote an error). */
export function toJsonColumn(value: unknown): string {
  return JSON.stringify(value, redactStrings);
}

/**
 * Parses a JSON column once, at the row boundary. Bad JSON can only come from outside ao (a hand
 * edit or a damaged page), so it is reported as damage with the table and row it sits in.
 */
export function fromJsonColumn(
  text: string,
  where: { path: string; table: string; id: string | number },
): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw corruptStoreError(where.path, `${where.table} row ${where.id} holds invalid JSON`, error);
  }
}

export function fromJsonObjectColumn(
  text: string,
  where: { path: string; table: string; id: string | number },
): JsonObject {
  const value = fromJsonColumn(text, where);
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw corruptStoreError(where.path, `${where.table} row ${where.id} holds JSON that is not an object`);
  }
  return value as JsonObject;
}
