import type { ServerResponse } from "node:http";
import type { PaneViewerSink } from "../../core/terminal/index.js";
import type { TerminalStreamMessages } from "../api/terminal-types.js";

/** A viewer further behind than this (a stalled page) is cut off; reconnecting gives a fresh screen. */
const MAX_BUFFERED_BYTES = 8 * 1024 * 1024;
const HEARTBEAT_MS = 15_000;

export interface TerminalStream {
  readonly sink: PaneViewerSink;
  send<K extends keyof TerminalStreamMessages>(name: K, message: TerminalStreamMessages[K]): void;
  /** Resolves when the page goes away (or the stream was cut off). */
  readonly closed: Promise<void>;
  close(): void;
}

/**
 * One terminal's Server-Sent Events. Output of one tick is sent as one message (a burst of
 * `%output` lines costs one write), and a page that stops reading is cut off instead of growing
 * the daemon's memory without bound.
 */
export function openTerminalStream(response: ServerResponse): TerminalStream {
  response.writeHead(200, {
    "content-type": "text/event-stream; charset=utf-8",
    "cache-control": "no-store",
    "x-accel-buffering": "no",
  });
  let pending: Uint8Array[] = [];
  let done = false;
  let resolveClosed = () => {};
  const closed = new Promise<void>((resolve) => (resolveClosed = resolve));
  const close = () => {
    if (done) return;
    done = true;
    clearInterval(heartbeat);
    response.end();
    resolveClosed();
  };
  const write = (text: string) => {
    if (done) return;
    response.write(text);
    if (response.writableLength > MAX_BUFFERED_BYTES) close();
  };
  const send: TerminalStream["send"] = (name, message) =>
    write(`event: ${name}\ndata: ${JSON.stringify(message)}\n\n`);
  const flush = () => {
    if (pending.length === 0) return;
    const data = Buffer.concat(pending).toString("base64");
    pending = [];
    send("output", { data });
  };
  const heartbeat = setInterval(() => write(": ping\n\n"), HEARTBEAT_MS);
  response.on("close", close);
  const sink: PaneViewerSink = {
    joined: (viewer) => send("viewer", { viewer }),
    screen(screen) {
      // A screen shows everything printed before it: output still waiting would draw over it.
      pending = [];
      send("screen", { ...screen.size, data: Buffer.from(screen.data).toString("base64") });
    },
    output(data) {
      if (pending.push(data) === 1) setImmediate(flush);
    },
    size(size) {
      flush();
      send("size", size);
    },
    control: (state) => send("control", state),
    end(reason) {
      flush();
      send("end", { reason });
      close();
    },
  };
  return { sink, send, closed, close };
}
