import { SseParser, type SseMessage } from "./sse-parser.js";

/** What the page shows about its stream: the banner reads this. */
export type StreamStatus = "connecting" | "live" | "reconnecting" | "unauthorized";

export interface LiveStreamOptions {
  url: string;
  onMessage(message: SseMessage): void;
  onStatus(status: StreamStatus): void;
  /** The id to resume after on the first connect (the snapshot's last event id). */
  lastEventId?: string | null;
  /** The fleet version the page holds, sent as `X-Fleet-Version` (the server then skips the snapshot). */
  fleetVersion?: () => string | null;
  fetch?: typeof fetch;
  /** Waits before the n-th reconnect (tests pass a shorter one). */
  backoffMs?: (attempt: number) => number;
}

/** A stream that can be closed for good (the page closes it when it unloads). */
export interface LiveStream {
  close(): void;
  /** The id of the last message received: what a reconnect sends as `Last-Event-ID`. */
  lastEventId(): string | null;
  /** Drops the connection and opens a new one at once (the page missed a fleet version). */
  reconnect(): void;
}

const defaultBackoff = (attempt: number): number => Math.min(5_000, 250 * 2 ** Math.min(attempt, 5));

/**
 * The dashboard's event stream: fetch() + an SSE parser rather than EventSource, so every reconnect
 * sends `Last-Event-ID` (the server replays what the page missed: no re-list), a 401 stops the loop
 * instead of retrying forever, and the page knows exactly when it is disconnected.
 */
export function openLiveStream(options: LiveStreamOptions): LiveStream {
  const doFetch = options.fetch ?? fetch.bind(globalThis);
  const backoff = options.backoffMs ?? defaultBackoff;
  let lastId = options.lastEventId ?? null;
  let closed = false;
  let controller: AbortController | undefined;
  let reconnecting = false;

  const readOnce = async (): Promise<"ended" | "unauthorized"> => {
    controller = new AbortController();
    const headers: Record<string, string> = { Accept: "text/event-stream" };
    if (lastId !== null) headers["Last-Event-ID"] = lastId;
    const version = options.fleetVersion?.() ?? null;
    if (version !== null) headers["X-Fleet-Version"] = version;
    const response = await doFetch(options.url, {
      headers,
      credentials: "same-origin",
      signal: controller.signal,
    });
    if (response.status === 401) return "unauthorized";
    if (!response.ok || response.body === null) throw new Error(`event stream answered ${response.status}`);
    options.onStatus("live");
    const parser = new SseParser();
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return "ended";
      for (const message of parser.push(value)) {
        if (message.id !== null) lastId = message.id;
        options.onMessage(message);
      }
    }
  };

  const loop = async (): Promise<void> => {
    options.onStatus("connecting");
    for (let attempt = 0; !closed; attempt++) {
      const outcome = await readOnce().catch(() => "failed" as const);
      if (closed) return;
      if (outcome === "unauthorized") return options.onStatus("unauthorized");
      if (reconnecting) {
        reconnecting = false;
        attempt = -1;
        continue;
      }
      if (outcome === "ended") attempt = 0;
      options.onStatus("reconnecting");
      await new Promise((resolve) => setTimeout(resolve, backoff(attempt)));
    }
  };
  void loop();

  return {
    close: () => {
      closed = true;
      controller?.abort();
    },
    lastEventId: () => lastId,
    reconnect: () => {
      reconnecting = true;
      controller?.abort();
    },
  };
}
