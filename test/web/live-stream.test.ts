import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { openLiveStream, type StreamStatus } from "../../src/web/page/live-stream.js";
import type { SseMessage } from "../../src/web/page/sse-parser.js";

/**
 * The page's stream client against a real HTTP server: it resumes with Last-Event-ID after the
 * connection drops (the server replays only what came after), says when it is down, and stops for
 * good on a 401 instead of retrying.
 */
const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

async function serve(handler: (request: IncomingMessage, response: ServerResponse) => void): Promise<string> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/events`;
}

async function until(check: () => boolean, what: string): Promise<void> {
  for (let waited = 0; !check(); waited += 20) {
    if (waited > 10_000) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("openLiveStream", () => {
  it("reconnects with Last-Event-ID after a drop and reports the gap", async () => {
    const seen: (string | undefined)[] = [];
    const url = await serve((request, response) => {
      const last = request.headers["last-event-id"] as string | undefined;
      seen.push(last);
      response.writeHead(200, { "Content-Type": "text/event-stream" });
      const next = Number(last ?? "0") + 1;
      response.write(`: ping\n\nid: ${next}\nevent: event\ndata: {"n":${next}}\n\n`);
      if (next < 3) response.end();
    });
    const messages: SseMessage[] = [];
    const statuses: StreamStatus[] = [];
    const stream = openLiveStream({
      url,
      lastEventId: "0",
      backoffMs: () => 10,
      onMessage: (message) => messages.push(message),
      onStatus: (status) => statuses.push(status),
    });
    await until(() => messages.length === 3, "three messages");
    stream.close();
    expect(seen).toEqual(["0", "1", "2"]);
    expect(messages.map((message) => message.data)).toEqual(['{"n":1}', '{"n":2}', '{"n":3}']);
    expect(stream.lastEventId()).toBe("3");
    expect(statuses.slice(0, 4)).toEqual(["connecting", "live", "reconnecting", "live"]);
  });

  it("keeps trying while the server is gone and stops on a 401", async () => {
    let calls = 0;
    const url = await serve((_request, response) => {
      calls++;
      if (calls === 1) return void response.destroy();
      response.writeHead(401, { "Content-Type": "application/json" }).end('{"error":"no token"}');
    });
    const statuses: StreamStatus[] = [];
    openLiveStream({
      url,
      backoffMs: () => 10,
      onMessage: () => undefined,
      onStatus: (status) => statuses.push(status),
    });
    await until(() => statuses.includes("unauthorized"), "unauthorized");
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(calls).toBe(2);
    expect(statuses).toEqual(["connecting", "reconnecting", "unauthorized"]);
  });

  it("sends the fleet version it holds, and reconnect() opens again at once, without the backoff", async () => {
    const versions: (string | undefined)[] = [];
    const url = await serve((request, response) => {
      versions.push(request.headers["x-fleet-version"] as string | undefined);
      response.writeHead(200, { "Content-Type": "text/event-stream" });
      response.write(`event: fleet\ndata: {"n":${versions.length}}\n\n`);
    });
    let held: string | null = "e0e0e0e0.4";
    const messages: SseMessage[] = [];
    const statuses: StreamStatus[] = [];
    const stream = openLiveStream({
      url,
      fleetVersion: () => held,
      backoffMs: () => 3_600_000,
      onMessage: (message) => messages.push(message),
      onStatus: (status) => statuses.push(status),
    });
    await until(() => messages.length === 1, "the first message");
    held = null;
    stream.reconnect();
    await until(() => messages.length === 2, "the message of the second connection");
    stream.close();
    expect(versions).toEqual(["e0e0e0e0.4", undefined]);
    expect(statuses).toEqual(["connecting", "live", "live"]);
  });
});
