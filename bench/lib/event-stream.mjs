// A dashboard page's event stream for benchmarks: counts the bytes it receives, by kind.
import { request } from "node:http";
import { setTimeout as sleep } from "node:timers/promises";

/** Logs in as a page does (the URL's token for the HttpOnly cookie); returns the cookie header. */
export function sessionCookie(port, token) {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port,
        method: "POST",
        path: "/api/session-cookie",
        headers: {
          host: `127.0.0.1:${port}`,
          origin: `http://127.0.0.1:${port}`,
          "content-type": "application/json",
        },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(String(res.headers["set-cookie"]?.[0] ?? "").split(";")[0]));
      },
    );
    req.on("error", reject);
    req.end(JSON.stringify({ token }));
  });
}

/**
 * `GET /events` as a page opens it. `snapshotBytes` is the first `fleet` message's size; after
 * `reset()`, `bytes` counts everything received (messages, comments), `eventBytes` the store events.
 */
export function openStream(port, cookie) {
  const counts = { snapshotBytes: 0, bytes: 0, eventBytes: 0, fleetMessages: 0, comments: 0 };
  let buffer = "";
  const req = request(
    { host: "127.0.0.1", port, path: "/events", headers: { host: `127.0.0.1:${port}`, cookie } },
    (res) => {
      res.on("data", (chunk) => {
        buffer += chunk.toString("utf8");
        let end;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, end + 2);
          buffer = buffer.slice(end + 2);
          count(counts, block);
        }
      });
    },
  );
  req.end();
  return Object.assign(counts, {
    reset: () => Object.assign(counts, { bytes: 0, eventBytes: 0, fleetMessages: 0, comments: 0 }),
    close: () => req.destroy(),
    until: async (check) => {
      for (let i = 0; i < 600 && !check(); i++) await sleep(50);
      if (!check()) throw new Error("the stream sent no snapshot");
    },
  });
}

function count(counts, block) {
  const size = Buffer.byteLength(block);
  if (block.startsWith("event: fleet\n") && counts.snapshotBytes === 0) {
    counts.snapshotBytes = size;
    return;
  }
  counts.bytes += size;
  if (block.startsWith(":")) counts.comments++;
  else if (/^id: /m.test(block)) counts.eventBytes += size;
  else counts.fleetMessages++;
}
