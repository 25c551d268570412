import { request, type ClientRequest } from "node:http";

export interface SseMessage {
  id: string | null;
  event: string;
  data: string;
}

export interface SseClient {
  status: number;
  messages: SseMessage[];
  comments: number;
  /** Every byte received so far (messages, comments, blank lines). */
  bytes: number;
  /** Resolves once `check` holds over the messages so far (a hang guard, not a timing). */
  until(check: (messages: SseMessage[]) => boolean, what: string): Promise<void>;
  close(): void;
}

/** A minimal text/event-stream reader over node:http, so a test can send any header (Last-Event-ID, Host). */
export function openSse(port: number, path: string, headers: Record<string, string>): Promise<SseClient> {
  return new Promise((resolve, reject) => {
    // eslint-disable-next-line prefer-const -- assigned once below, used by close() defined before it
    let req: ClientRequest;
    const waiters: (() => void)[] = [];
    const client: SseClient = {
      status: 0,
      messages: [],
      comments: 0,
      bytes: 0,
      until: (check, what) =>
        new Promise((done, fail) => {
          const timer = setTimeout(() => fail(new Error(`timed out waiting for ${what}`)), 20_000);
          const test = () => {
            if (!check(client.messages)) return;
            clearTimeout(timer);
            done();
            return true;
          };
          if (test() !== true) waiters.push(() => void test());
        }),
      close: () => req.destroy(),
    };
    req = request(
      { host: "127.0.0.1", port, path, headers: { host: `127.0.0.1:${port}`, ...headers } },
      (res) => {
        client.status = res.statusCode ?? 0;
        let buffer = "";
        res.on("data", (chunk: Buffer) => {
          client.bytes += chunk.length;
          buffer += chunk.toString("utf8");
          let end: number;
          while ((end = buffer.indexOf("\n\n")) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const message = parseBlock(block);
            if (message === undefined) client.comments += 1;
            else client.messages.push(message);
          }
          for (const waiter of [...waiters]) waiter();
        });
        res.on("error", () => {});
        resolve(client);
      },
    );
    req.on("error", (error) => (client.status === 0 ? reject(error) : undefined));
    req.end();
  });
}

function parseBlock(block: string): SseMessage | undefined {
  let id: string | null = null;
  let event = "message";
  const data: string[] = [];
  let fields = 0;
  for (const line of block.split("\n")) {
    if (line.startsWith(":")) continue;
    const [name, ...rest] = line.split(":");
    const value = rest.join(":").replace(/^ /, "");
    fields += 1;
    if (name === "id") id = value;
    else if (name === "event") event = value;
    else if (name === "data") data.push(value);
  }
  return fields === 0 ? undefined : { id, event, data: data.join("\n") };
}
