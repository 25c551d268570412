/**
 * A turn cursor is opaque to core and stored with the turn; the agent plugins that observe turns
 * write it as JSON tagged with a `kind` ("claude-code/1"), so an observer never misreads a cursor
 * another observer wrote (core's screen observer, an older version of itself).
 */
export interface TaggedCursor {
  readonly kind: string;
}

export function encodeCursor<T extends TaggedCursor>(cursor: T): string {
  return JSON.stringify(cursor);
}

/** The cursor when `text` is one of `kind`, else undefined (unreadable, or someone else's). */
export function decodeCursor<T extends TaggedCursor>(text: string, kind: T["kind"]): T | undefined {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === "object" && value !== null && (value as TaggedCursor).kind === kind)
      return value as T;
  } catch {
    // not JSON: not ours
  }
  return undefined;
}

/** A number field of a parsed JSON object, when it is a finite number. */
export function numberField(record: Record<string, unknown> | undefined, key: string): number | undefined {
  const value = record?.[key];
  return typeof value === "number" && Number.isFinite(value) ? value : undefined;
}

/** An ISO timestamp field as ms since the epoch, when it parses. */
export function timeField(record: Record<string, unknown> | undefined, key: string): number | undefined {
  const value = record?.[key];
  if (typeof value !== "string") return undefined;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : ms;
}

/** `T` with the fields that may be undefined made optional instead (exactOptionalPropertyTypes). */
export type Defined<T> = { [K in keyof T as undefined extends T[K] ? never : K]: T[K] } & {
  [K in keyof T as undefined extends T[K] ? K : never]?: Exclude<T[K], undefined>;
};

/** The object without its undefined fields: cursors and signals are JSON, and say only what is known. */
export function withDefined<T extends object>(value: T): Defined<T> {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as Defined<T>;
}
