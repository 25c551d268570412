import type { Writable } from "node:stream";

/**
 * Resolves once everything written to `stream` so far has reached the operating system. When
 * stdout is a pipe, Node queues what the reader has not taken yet (beyond the pipe's 64 KiB) in the
 * process; `process.exit` drops that queue, so `ao status --json | slow-reader` got cut JSON and
 * exit 0. An empty write's callback runs after every earlier write is flushed. A reader that went
 * away (EPIPE) or a closed stream ends the wait: there is nobody left to write to.
 */
export function drainOutput(stream: Writable): Promise<void> {
  if (stream.destroyed || stream.writableEnded || stream.writableLength === 0) return Promise.resolve();
  return new Promise((resolve) => {
    const done = (): void => {
      stream.off("error", done);
      stream.off("close", done);
      resolve();
    };
    stream.once("error", done);
    stream.once("close", done);
    stream.write("", () => done());
  });
}
