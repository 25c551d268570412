import { closeSync, fstatSync, openSync, readSync } from "node:fs";
import { parseObject } from "./agent-events.js";

/**
 * A turn's position in an append-only JSONL event log (hook payloads, plugin events): the byte
 * offset where the log ended when the turn began, as a decimal string. Everything appended after
 * it belongs to this turn or a later one, and any ao process can resume reading from it.
 */
export function logCursor(file: string): string {
  return String(logSize(file));
}

/** The offset a cursor holds; a cursor that is not one (another agent's, a bad edit) reads from 0. */
export function cursorOffset(cursor: string): number {
  return /^\d+$/.test(cursor) ? Number(cursor) : 0;
}

export interface LoggedEvent {
  /** Where the event's line starts in the log. */
  offset: number;
  event: Record<string, unknown>;
}

/**
 * The complete lines appended after `offset`, parsed. A last line without its newline is a write
 * still in progress: it is left for the next read, never misread. Lines that are not JSON objects
 * are skipped. A missing log is an empty one.
 */
export function readEventsAfter(file: string, offset: number): LoggedEvent[] {
  const text = readFrom(file, offset);
  const events: LoggedEvent[] = [];
  const lines = text.split("\n");
  lines.pop(); // after the last newline: empty, or a line still being written
  let at = offset;
  for (const line of lines) {
    const event = parseObject(line);
    if (event) events.push({ offset: at, event });
    at += Buffer.byteLength(line) + 1;
  }
  return events;
}

function logSize(file: string): number {
  try {
    const fd = openSync(file, "r");
    try {
      return fstatSync(fd).size;
    } finally {
      closeSync(fd);
    }
  } catch {
    return 0;
  }
}

function readFrom(file: string, offset: number): string {
  let fd: number;
  try {
    fd = openSync(file, "r");
  } catch {
    return "";
  }
  try {
    const size = fstatSync(fd).size;
    if (size <= offset) return "";
    const buffer = Buffer.alloc(size - offset);
    readSync(fd, buffer, 0, buffer.length, offset);
    return buffer.toString("utf8");
  } finally {
    closeSync(fd);
  }
}
