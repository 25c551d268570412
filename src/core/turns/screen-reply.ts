import { createHash } from "node:crypto";

/**
 * Reading a reply off a screen, with only hashes of what was there before: the screen observer's
 * cursor is stored with the turn, and neither the message nor old screens should sit in the store
 * as text. A line's hash is taken of its text without trailing blanks; a "bare" hash also drops a
 * leading prompt glyph (`> `, `❯ `, `› `…), so the echo of a message line matches the line itself.
 */
const HASH_CHARS = 12;
const PROMPT_GLYPHS = /^\s*(?:[^\p{L}\p{N}\s]{1,3}\s+)*/u;

export function lineHash(line: string): string {
  return createHash("sha256").update(line.normalize("NFC").trimEnd()).digest("hex").slice(0, HASH_CHARS);
}

function bareLineHash(line: string): string {
  return lineHash(line.replace(PROMPT_GLYPHS, "").trim());
}

export function screenHash(screen: string): string {
  return lineHash(
    screen
      .split("\n")
      .map((line) => line.trimEnd())
      .join("\n"),
  );
}

/** The bare hashes of a message's non-blank lines: what its echo on the screen looks like. */
export function messageLineHashes(message: string): string[] {
  return [
    ...new Set(
      message
        .split("\n")
        .filter((line) => line.trim() !== "")
        .map(bareLineHash),
    ),
  ];
}

/**
 * What appeared on the screen after the message: below the last echo of the message (else below
 * the part of the screen that is as it was before delivery), above the part at the bottom that is
 * as it was before (the agent's prompt box and footer), blank lines at either end dropped. A reply
 * that quotes the message's own lines is cut below the quote: the weakest signal's limit.
 */
export function replyFromScreen(
  before: readonly string[],
  message: readonly string[],
  after: string,
): string {
  const lines = after.split("\n").map((line) => line.trimEnd());
  const hashes = lines.map(lineHash);
  const echo = new Set(message);
  const isEcho = (index: number) => lines[index]?.trim() !== "" && echo.has(bareLineHash(lines[index] ?? ""));
  // The last echo, not the first: a TUI that redraws by clearing the screen leaves a copy of every
  // frame in the scrollback, each with the echo in it, and only the last frame holds the reply.
  const last = lines.findLastIndex((_line, index) => isEcho(index));
  const old = lastFrameOf(before);
  const frame = frameStart(hashes, old, last === -1 ? lines.length - 1 : last);
  const kept = frame + commonPrefix(hashes.slice(frame), old);
  const start = last === -1 ? kept : last + 1;
  // Only what followed the kept top of the old screen can be its bottom: earlier turns are not chrome.
  const chrome = old.slice(kept - frame);
  const end = Math.max(start, lines.length - commonSuffix(hashes.slice(start), chrome));
  const body = lines.slice(start, end).filter((_line, offset) => !isEcho(start + offset));
  while (body.length > 0 && body[0]?.trim() === "") body.shift();
  while (body.length > 0 && body.at(-1)?.trim() === "") body.pop();
  return body.join("\n");
}

/** The old screen from the last copy of its first non-blank line: its last frame, if it has several. */
function lastFrameOf(before: readonly string[]): readonly string[] {
  const blank = lineHash("");
  const top = before.find((hash) => hash !== blank);
  return top === undefined ? before : before.slice(before.lastIndexOf(top));
}

/** Where the new screen's last frame begins, at or above `limit`: the old frame's top, last seen there. */
function frameStart(hashes: readonly string[], old: readonly string[], limit: number): number {
  const top = old[0];
  if (top === undefined) return 0;
  return Math.max(
    0,
    hashes.findLastIndex((hash, index) => index <= limit && hash === top),
  );
}

function commonPrefix(a: readonly string[], b: readonly string[]): number {
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n += 1;
  return n;
}

function commonSuffix(a: readonly string[], b: readonly string[]): number {
  let n = 0;
  while (n < a.length && n < b.length && a[a.length - 1 - n] === b[b.length - 1 - n]) n += 1;
  return n;
}
