import type { JsonlSince } from "../_shared/jsonl-since.js";
import { readJsonlSince } from "../_shared/jsonl-since.js";
import type { HostEvent, JsonRpcMessage, RecordLine } from "./record.js";

/**
 * The record's lines as the readers use them (record.ts is the contract): each complete line that
 * has the record's shape, with the byte offset where it starts; anything else (a torn last line, a
 * line of another shape) is skipped, so a reader never trips on what a newer host writes.
 */
export interface RecordEntry {
  readonly line: RecordLine;
  readonly start: number;
}

/** The record's lines among parsed JSONL objects. */
export function recordEntries(entries: JsonlSince["entries"]): RecordEntry[] {
  const lines: RecordEntry[] = [];
  for (const { value, start } of entries) {
    const line = asRecordLine(value);
    if (line !== undefined) lines.push({ line, start });
  }
  return lines;
}

/** The record's complete lines from `offset` to its end (reads as many times as its size needs). */
export function readRecordSince(file: string, offset: number): { entries: RecordEntry[]; offset: number } {
  const entries: RecordEntry[] = [];
  let at = offset;
  for (;;) {
    const read = readJsonlSince(file, at);
    entries.push(...recordEntries(read.entries));
    if (read.offset === at || read.missing) return { entries, offset: read.offset };
    at = read.offset;
  }
}

function asRecordLine(value: Record<string, unknown>): RecordLine | undefined {
  const t = typeof value["t"] === "number" ? value["t"] : 0;
  const dir = value["dir"];
  if (dir === "host") {
    const event = value["event"] as HostEvent | undefined;
    return typeof event?.kind === "string" ? { t, dir, event } : undefined;
  }
  if (dir !== "in" && dir !== "out") return undefined;
  const msg = value["msg"] as JsonRpcMessage | undefined;
  return typeof msg === "object" && msg !== null ? { t, dir, msg } : undefined;
}

/** A line with a JSON-RPC message on it (not one of the host's own). */
export type MessageLine = Extract<RecordLine, { dir: "in" | "out" }>;

/** A request (or notification) of `method` in direction `dir`. */
export function isRequest(line: RecordLine, dir: "in" | "out", method: string): boolean {
  return line.dir !== "host" && line.dir === dir && line.msg.method === method;
}

/** The response, in direction `dir`, to the request with `id` (ids are per direction in JSON-RPC). */
export function isResponseTo(line: RecordLine, dir: "in" | "out", id: string): boolean {
  return (
    line.dir !== "host" &&
    line.dir === dir &&
    line.msg.method === undefined &&
    line.msg.id !== undefined &&
    idText(line.msg.id) === id
  );
}

/** A JSON-RPC id as text: numbers and strings are kept apart by a prefix-free form. */
export function idText(id: number | string | undefined): string {
  return typeof id === "number" ? String(id) : JSON.stringify(id ?? null);
}

/** `session/update`'s update object, when the line is one. */
export function sessionUpdate(line: RecordLine): Record<string, unknown> | undefined {
  if (line.dir !== "in" || line.msg.method !== "session/update") return undefined;
  const update = (line.msg.params as { update?: unknown } | undefined)?.update;
  return typeof update === "object" && update !== null ? (update as Record<string, unknown>) : undefined;
}
