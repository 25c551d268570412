// Loopback stand-in for the Anthropic Messages API, so the real `claude` runs whole turns offline
// while test fixtures are recorded (ANTHROPIC_BASE_URL=http://127.0.0.1:<port>). A prompt that
// contains "create a file" is answered with a Bash tool call, to record the permission prompt.
// Usage: node anthropic.mjs <port> <delay-ms>
import { createServer } from "node:http";
import process from "node:process";
import { setTimeout } from "node:timers";

const [port = "8765", delayMs = "4000"] = process.argv.slice(2);

const sse = (res, events) => {
  res.writeHead(200, { "content-type": "text/event-stream" });
  for (const [type, data] of events)
    res.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
  res.end();
};

const message = (model, stopReason, block, delta) => [
  [
    "message_start",
    {
      message: {
        id: "msg_fixture",
        type: "message",
        role: "assistant",
        model,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: 10, output_tokens: 1 },
      },
    },
  ],
  ["content_block_start", { index: 0, content_block: block }],
  ["content_block_delta", { index: 0, delta }],
  ["content_block_stop", { index: 0 }],
  ["message_delta", { delta: { stop_reason: stopReason, stop_sequence: null }, usage: { output_tokens: 5 } }],
  ["message_stop", {}],
];

createServer((req, res) => {
  let body = "";
  req.on("data", (chunk) => (body += chunk));
  req.on("end", () => {
    if (!req.url?.startsWith("/v1/messages")) {
      res.writeHead(200, { "content-type": "application/json" });
      res.end("{}");
      return;
    }
    const request = JSON.parse(body || "{}");
    const text = "Hello from the mock model.";
    if (!request.stream) {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(
        JSON.stringify({
          id: "msg_fixture",
          type: "message",
          role: "assistant",
          model: request.model,
          content: [{ type: "text", text }],
          stop_reason: "end_turn",
          stop_sequence: null,
          usage: { input_tokens: 10, output_tokens: 5 },
        }),
      );
      return;
    }
    const last = JSON.stringify(request.messages?.at(-1) ?? {});
    const wantsTool = last.includes("create a file") && !last.includes("tool_result");
    setTimeout(() => {
      if (wantsTool) {
        const input = JSON.stringify({ command: "touch hello.txt", description: "Create hello.txt" });
        sse(
          res,
          message(
            request.model,
            "tool_use",
            { type: "tool_use", id: "toolu_fixture", name: "Bash", input: {} },
            { type: "input_json_delta", partial_json: input },
          ),
        );
      } else {
        sse(
          res,
          message(request.model, "end_turn", { type: "text", text: "" }, { type: "text_delta", text }),
        );
      }
    }, Number(delayMs));
  });
}).listen(Number(port), "127.0.0.1");
