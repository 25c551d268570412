import {
  appendFileSync,
  closeSync,
  existsSync,
  ftruncateSync,
  mkdirSync,
  openSync,
  readSync,
  statSync,
} from "node:fs";
import { dirname } from "node:path";
import type { HostEvent, JsonRpcMessage, RecordLine } from "../record.js";
import { withoutMcpSecrets } from "./mcp-servers.js";

/** The host's only way to write its record (src/plugins/agent/acp/record.ts). */
export interface RecordWriter {
  readonly path: string;
  message(dir: "in" | "out", msg: JsonRpcMessage): void;
  host(event: HostEvent): void;
}

/**
 * Opens the record for appending: one `appendFileSync` per line, so a reader sees whole lines
 * except, after a crash mid-write, at the very end. A torn end left by an earlier host is cut off
 * first (no reader took it: readers stop before a line without "\n"), so the next line does not
 * glue onto it. A failed write is reported once through `onFailure` and the host goes on: the
 * conversation matters more than its record.
 */
export function openRecord(
  path: string,
  now: () => number,
  onFailure: (message: string) => void,
): RecordWriter {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const torn = cutTornEnd(path);
  let failed = false;
  const append = (line: RecordLine): void => {
    try {
      appendFileSync(path, `${JSON.stringify(line)}\n`, { mode: 0o600 });
    } catch (error) {
      if (failed) return;
      failed = true;
      onFailure(
        `cannot append to the record ${path} (${(error as Error).message}); the lines before are kept, later ones are lost`,
      );
    }
  };
  const writer: RecordWriter = {
    path,
    message: (dir, msg) => append({ t: now(), dir, msg: withoutMcpSecrets(msg) }),
    host: (event) => append({ t: now(), dir: "host", event }),
  };
  if (torn > 0)
    writer.host({ kind: "error", message: `cut a torn last line of ${String(torn)} bytes from the record` });
  return writer;
}

/** Cuts a last line without "\n" off the file; returns how many bytes it had. */
function cutTornEnd(path: string): number {
  if (!existsSync(path)) return 0;
  const size = statSync(path).size;
  if (size === 0) return 0;
  const fd = openSync(path, "r+");
  try {
    const chunk = Buffer.alloc(Math.min(size, 1 << 20));
    readSync(fd, chunk, 0, chunk.length, size - chunk.length);
    const lastNewline = chunk.lastIndexOf(0x0a);
    if (lastNewline === chunk.length - 1) return 0;
    const keep = lastNewline < 0 ? size - chunk.length : size - chunk.length + lastNewline + 1;
    ftruncateSync(fd, keep);
    return size - keep;
  } finally {
    closeSync(fd);
  }
}
