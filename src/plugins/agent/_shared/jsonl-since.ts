import { closeSync, fstatSync, openSync, readSync, statSync } from "node:fs";
import { parseObject } from "./agent-events.js";

/**
 * What was appended to a JSONL file (hook events, a transcript, a rollout) since a byte offset: the
 * turn observers keep that offset in their cursor and read only what is new.
 */
export interface JsonlSince {
  /** Each complete line's object and the byte offset where its line starts. */
  entries: { value: Record<string, unknown>; start: number }[];
  /** Where the next read starts: after the last complete line. A torn last line is read next time. */
  offset: number;
  /** The file does not exist (yet). */
  missing: boolean;
}

/** One read takes at most this much; the rest comes with the next observation. */
const MAX_READ_BYTES = 8 * 1024 * 1024;

/**
 * The objects of the complete lines after `offset`. A file now shorter than `offset` was replaced,
 * so it is read from its start. Lines that are not JSON objects are skipped; a single line longer
 * than a whole read is skipped too, so a huge line cannot stall the reader.
 */
export function readJsonlSince(file: string, offset: number, maxBytes = MAX_READ_BYTES): JsonlSince {
  let fd: number;
  try {
    fd = openSync(file, "r");
  } catch {
    return { entries: [], offset, missing: true };
  }
  try {
    const size = fstatSync(fd).size;
    const from = size < offset ? 0 : offset;
    const buffer = Buffer.alloc(Math.min(size - from, maxBytes));
    const read = readSync(fd, buffer, 0, buffer.length, from);
    const complete = buffer.subarray(0, read).lastIndexOf(10) + 1;
    if (complete === 0) {
      // No newline: a torn line, or one line longer than a whole read.
      const next = read === maxBytes ? from + read : from;
      return { entries: [], offset: next, missing: false };
    }
    return {
      entries: parseLines(buffer.subarray(0, complete), from),
      offset: from + complete,
      missing: false,
    };
  } finally {
    closeSync(fd);
  }
}

function parseLines(bytes: Buffer, base: number): JsonlSince["entries"] {
  const entries: JsonlSince["entries"] = [];
  let start = 0;
  while (start < bytes.length) {
    const end = bytes.indexOf(10, start);
    const value = parseObject(bytes.subarray(start, end).toString("utf8"));
    if (value) entries.push({ value, start: base + start });
    start = end + 1;
  }
  return entries;
}

/** The size of a file, or 0 when it does not exist: where a cursor starts reading it. */
export function fileSize(file: string): number {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
}

/** The object on the line starting at `offset`, read again (a cursor remembers where, not what). */
export function readJsonlAt(file: string, offset: number): Record<string, unknown> | undefined {
  const line = readJsonlSince(file, offset).entries[0];
  return line?.start === offset ? line.value : undefined;
}
