import { closeSync, constants, openSync, writeSync } from "node:fs";
import type { Waits } from "../_shared/poll-until.js";

export type FifoOpen = { kind: "open"; fd: number } | { kind: "no-reader" } | { kind: "no-fifo" };

/**
 * Non-blocking open for writing: it fails with ENXIO when nobody holds the pipe for reading (the
 * launcher is gone) instead of hanging until somebody does.
 */
export function openFifoForWriting(path: string): FifoOpen {
  try {
    return { kind: "open", fd: openSync(path, constants.O_WRONLY | constants.O_NONBLOCK) };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENXIO") return { kind: "no-reader" };
    if (code === "ENOENT") return { kind: "no-fifo" };
    throw error;
  }
}

export function fifoHasReader(path: string): boolean {
  const opened = openFifoForWriting(path);
  if (opened.kind !== "open") return false;
  closeSync(opened.fd);
  return true;
}

export interface WriteOutcome {
  written: number;
  /** The last reader closed the pipe (EPIPE): the agent is gone. */
  readerGone: boolean;
}

/**
 * Writes every byte, waiting while the pipe is full (the agent reads slower than we write). Fewer
 * bytes than `data.length` were written when the time ran out or the reader left.
 */
export async function writeAll(
  fd: number,
  data: Buffer,
  timeoutMs: number,
  waits: Waits,
): Promise<WriteOutcome> {
  const deadline = waits.clock.now() + timeoutMs;
  let written = 0;
  while (written < data.length) {
    try {
      written += writeSync(fd, data, written, data.length - written);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "EPIPE") return { written, readerGone: true };
      if (code !== "EAGAIN") throw error;
      if (waits.clock.now() >= deadline) break;
      await waits.sleep(20);
    }
  }
  return { written, readerGone: false };
}
