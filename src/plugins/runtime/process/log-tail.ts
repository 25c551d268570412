import { closeSync, fstatSync, openSync, readSync } from "node:fs";

const CHUNK = 64 * 1024;
/** A runaway line must not make capture read a whole multi-gigabyte log. */
const MAX_BYTES = 4 * 1024 * 1024;

/** The last `lines` lines of a file, trailing blank lines removed, read backwards in chunks. */
export function tailLines(path: string, lines: number): string {
  const fd = openSync(path, "r");
  try {
    const size = fstatSync(fd).size;
    let start = size;
    let text = "";
    while (start > 0 && size - start < MAX_BYTES && countNewlines(text) <= lines + 1) {
      const length = Math.min(CHUNK, start);
      start -= length;
      const buffer = Buffer.alloc(length);
      readSync(fd, buffer, 0, length, start);
      text = buffer.toString("latin1") + text;
    }
    const all = Buffer.from(text, "latin1")
      .toString("utf8")
      .split("\n")
      .map((line) => line.replace(/\r$/, "").trimEnd());
    while (all.length > 0 && all.at(-1) === "") all.pop();
    return all.slice(-Math.max(1, Math.floor(lines))).join("\n");
  } finally {
    closeSync(fd);
  }
}

function countNewlines(text: string): number {
  let count = 0;
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) count += 1;
  return count;
}
