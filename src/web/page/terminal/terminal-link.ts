import { getJson, postJson } from "../api.js";
import { SseParser } from "../sse-parser.js";
import type { TakeControlAnswer, TerminalInfo, TerminalStreamMessages } from "../../api/terminal-types.js";
import { concatBytes, toBase64 } from "./bytes.js";

type Handlers = { [K in keyof TerminalStreamMessages]: (message: TerminalStreamMessages[K]) => void };

/** The terminal's side of the wire (src/web/api/terminal-types.ts), one open terminal per link. */
export interface TerminalLink {
  info(): Promise<TerminalInfo>;
  /** Reads the stream until it ends or `abort`; resolves true when the server ended it (`end`). */
  stream(handlers: Handlers, abort: AbortSignal): Promise<boolean>;
  take(viewer: string): Promise<TakeControlAnswer>;
  release(controlId: string): Promise<void>;
  /** Queued: keys typed while one input is on its way go together in the next. */
  type(controlId: string, bytes: Uint8Array): void;
  resize(controlId: string, cols: number, rows: number): Promise<void>;
}

export function createTerminalLink(sessionId: string, onError: (error: unknown) => void): TerminalLink {
  const base = `/api/sessions/${encodeURIComponent(sessionId)}/terminal`;
  let queued: Uint8Array[] = [];
  let sending = false;
  const drain = async (controlId: string) => {
    sending = true;
    while (queued.length > 0) {
      const data = toBase64(concatBytes(queued));
      queued = [];
      await postJson(`${base}/input`, { controlId, data }).catch(onError);
    }
    sending = false;
  };
  return {
    info: () => getJson<TerminalInfo>(base),
    async stream(handlers, abort) {
      const response = await fetch(`${base}/stream`, { credentials: "same-origin", signal: abort });
      if (!response.ok || response.body === null)
        throw new Error(`the terminal stream answered ${String(response.status)}`);
      const parser = new SseParser();
      const decoder = new TextDecoder();
      const reader = response.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return false;
        for (const message of parser.push(decoder.decode(value, { stream: true }))) {
          const handle = handlers[message.event as keyof Handlers] as ((data: unknown) => void) | undefined;
          handle?.(JSON.parse(message.data) as unknown);
          if (message.event === "end") return true;
        }
      }
    },
    take: (viewer) => postJson<TakeControlAnswer>(`${base}/control`, { viewer }),
    release: (controlId) => postJson(`${base}/release`, { controlId }).then(() => undefined),
    type(controlId, bytes) {
      queued.push(bytes);
      if (!sending) void drain(controlId);
    },
    resize: (controlId, cols, rows) =>
      postJson(`${base}/resize`, { controlId, cols, rows }).then(() => undefined),
  };
}
