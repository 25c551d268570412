// Loopback stand-in for the Gemini API (GOOGLE_GEMINI_BASE_URL), enough for the real `gemini` to
// start a turn offline while test fixtures are recorded. Its router does not accept these answers,
// so a turn stays "Thinking…": that is the working screen the fixtures need.
// Usage: node gemini.mjs <port> <delay-ms>
import { createServer } from "node:http";
import process from "node:process";
import { setTimeout } from "node:timers";

const [port = "8767", delayMs = "4000"] = process.argv.slice(2);

createServer((req, res) => {
  req.resume();
  req.on("end", () => {
    const chunk = {
      candidates: [
        {
          content: { parts: [{ text: "Hello from the mock model." }], role: "model" },
          finishReason: "STOP",
          index: 0,
        },
      ],
      usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 5, totalTokenCount: 15 },
    };
    const streaming = req.url?.includes("streamGenerateContent") ?? false;
    setTimeout(
      () => {
        res.writeHead(200, { "content-type": streaming ? "text/event-stream" : "application/json" });
        res.end(streaming ? `data: ${JSON.stringify(chunk)}\n\n` : JSON.stringify(chunk));
      },
      streaming ? Number(delayMs) : 0,
    );
  });
}).listen(Number(port), "127.0.0.1");
