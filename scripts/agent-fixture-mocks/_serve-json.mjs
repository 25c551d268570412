// The part every loopback model mock shares: a server on 127.0.0.1 that reads each request's JSON
// body (undefined when it is none), logs a summary of it when asked, and hands it to `answer`.
import { appendFileSync } from "node:fs";
import { createServer } from "node:http";

export function serveJson(port, log, summarize, answer) {
  createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk) => (raw += chunk));
    req.on("end", () => {
      let body;
      try {
        body = JSON.parse(raw);
      } catch {
        body = undefined;
      }
      if (log) appendFileSync(log, `${JSON.stringify({ url: req.url, ...summarize(body) })}\n`);
      answer(req, res, body);
    });
  }).listen(Number(port), "127.0.0.1");
}
