import { closeSync, existsSync, openSync, readSync, statSync } from "node:fs";
import type { RecordLine } from "./record.js";

export interface RecordRead {
  lines: RecordLine[];
  /** The byte offset after the last whole line: where the next read starts. */
  offset: number;
}

/**
 * The record's whole lines from a byte offset on. A last line without "\n" is being written (or
 * was torn by a crash) and is left for a later read; a line that is not JSON is skipped, never
 * fatal. A record that does not exist yet has no lines.
 */
export function readRecordLines(path: string, offset = 0): RecordRead {
  if (!existsSync(path)) return { lines: [], offset };
  const size = statSync(path).size;
  if (size <= offset) return { lines: [], offset };
  const bytes = Buffer.alloc(size - offset);
  const fd = openSync(path, "r");
  try {
    readSync(fd, bytes, 0, bytes.length, offset);
  } finally {
    closeSync(fd);
  }
  const end = bytes.lastIndexOf(0x0a) + 1;
  const lines: RecordLine[] = [];
  for (const text of bytes.subarray(0, end).toString("utf8").split("\n")) {
    if (text === "") continue;
    try {
      lines.push(JSON.parse(text) as RecordLine);
    } catch {
      // Not a record line (a torn write glued to a later one): skipped.
    }
  }
  return { lines, offset: offset + end };
}
