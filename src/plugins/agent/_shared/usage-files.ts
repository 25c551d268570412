import { closeSync, openSync, readSync, statSync } from "node:fs";
import type { UsageRead, UsageRecord } from "../../../core/plugin-api.js";
import { readJsonlSince, type JsonlSince } from "./jsonl-since.js";

/**
 * Where a usage read of one JSONL file stopped: the byte offset after the last complete line, and
 * what identifies the file (inode and its first bytes), so a file replaced under the same name or
 * truncated and rewritten is read again from its start instead of from the middle of new content.
 * `carry` is the parser's own state at that offset (Codex: the last running total).
 */
export interface FileMark {
  offset: number;
  ino: number;
  head: string;
  carry?: Record<string, unknown>;
}

/** The usage cursor of the agents that read JSONL files: one mark per file. */
export interface FilesCursor {
  files: Record<string, FileMark>;
}

const HEAD_BYTES = 64;

export interface FileRead extends JsonlSince {
  mark: FileMark;
  /** The file was read from its start again (new, replaced or truncated). */
  restarted: boolean;
}

/** The lines of `file` after `mark` (all of them without a mark, or when the file is not the marked one). */
export function readFileSinceMark(file: string, mark: FileMark | undefined): FileRead {
  const identity = fileIdentity(file);
  if (identity === undefined)
    return { entries: [], offset: 0, missing: true, mark: mark ?? emptyMark(), restarted: false };
  const same =
    mark !== undefined &&
    mark.ino === identity.ino &&
    identity.head.startsWith(mark.head.slice(0, identity.head.length)) &&
    identity.size >= mark.offset;
  const from = same ? mark : { offset: 0, ino: identity.ino, head: "" };
  const read = readJsonlSince(file, from.offset);
  const carry = same ? mark.carry : undefined;
  const next: FileMark = {
    offset: read.offset,
    ino: identity.ino,
    head: identity.head,
    ...(carry === undefined ? {} : { carry }),
  };
  return { ...read, mark: next, restarted: !same };
}

/** Parses a cursor written by filesCursor; anything else (the first read, another version) starts over. */
export function parseFilesCursor(cursor: string): FilesCursor {
  if (cursor === "") return { files: {} };
  try {
    const parsed = JSON.parse(cursor) as Partial<FilesCursor>;
    return typeof parsed.files === "object" && parsed.files !== null
      ? { files: parsed.files }
      : { files: {} };
  } catch {
    return { files: {} };
  }
}

function emptyMark(): FileMark {
  return { offset: 0, ino: 0, head: "" };
}

function fileIdentity(file: string): { ino: number; size: number; head: string } | undefined {
  let fd: number;
  try {
    fd = openSync(file, "r");
  } catch {
    return undefined;
  }
  try {
    const buffer = Buffer.alloc(HEAD_BYTES);
    const read = readSync(fd, buffer, 0, HEAD_BYTES, 0);
    const stats = statSync(file);
    return { ino: stats.ino, size: stats.size, head: buffer.subarray(0, read).toString("hex") };
  } finally {
    closeSync(fd);
  }
}

/** ms since the epoch of an ISO time in a record, or undefined. */
export function timeOf(value: unknown): number | undefined {
  if (typeof value !== "string") return undefined;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : ms;
}

/** A non-negative integer field, 0 when absent or not a number (the CLIs omit zero counts). */
export function count(record: Record<string, unknown> | undefined, key: string): number {
  const value = record?.[key];
  return typeof value === "number" && Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;
}

/**
 * The usage read of agents whose records are whole JSONL lines: each file from its mark in the
 * cursor, every new line through `recordsOf`.
 */
export function readUsageLines(
  files: readonly string[],
  cursor: string,
  source: string,
  recordsOf: (line: Record<string, unknown>) => UsageRecord[],
): UsageRead {
  const previous = parseFilesCursor(cursor);
  const next: FilesCursor = { files: { ...previous.files } };
  const records: UsageRecord[] = [];
  for (const file of files) {
    const read = readFileSinceMark(file, previous.files[file]);
    if (read.missing) continue;
    next.files[file] = read.mark;
    for (const { value } of read.entries) records.push(...recordsOf(value));
  }
  return { records, cursor: JSON.stringify(next), source };
}
