// Loopback stand-in for the OpenAI Responses API, so the real `codex` runs whole turns offline while
// test fixtures are recorded (a `model_providers.mock` entry in config.toml points here). A prompt
// that contains "create a file" is answered with an exec_command call, to record the approval prompt.
// Usage: node openai.mjs <port> <delay-ms>
import { createServer } from "node:http";
import process from "node:process";
import { setTimeout } from "node:timers";

const [port = "8766", delayMs = "4000"] = process.argv.slice(2);

createServer((req, res) => {
  let body = "";
  req.on("data", (chunk) => (body += chunk));
  req.on("end", () => {
    if (req.method !== "POST" || !req.url?.includes("/responses")) {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ object: "list", data: [{ id: "mock-model", object: "model" }], models: [] }));
      return;
    }
    const wantsTool = body.includes("create a file") && !body.includes("function_call_output");
    setTimeout(() => {
      res.writeHead(200, { "content-type": "text/event-stream" });
      const send = (data) => res.write(`event: ${data.type}\ndata: ${JSON.stringify(data)}\n\n`);
      const id = `resp_fixture_${Date.now()}`;
      send({ type: "response.created", response: { id } });
      const item = wantsTool
        ? {
            type: "function_call",
            id: "fc_1",
            call_id: "call_fixture",
            name: "exec_command",
            arguments: JSON.stringify({
              cmd: "touch hello.txt",
              sandbox_permissions: "require_escalated",
              justification: "Create hello.txt outside the sandbox?",
            }),
          }
        : {
            type: "message",
            role: "assistant",
            id: "msg_1",
            content: [{ type: "output_text", text: "Hello from the mock model." }],
          };
      send({ type: "response.output_item.done", item });
      send({
        type: "response.completed",
        response: {
          id,
          usage: {
            input_tokens: 10,
            input_tokens_details: null,
            output_tokens: 5,
            output_tokens_details: null,
            total_tokens: 15,
          },
        },
      });
      res.end();
    }, Number(delayMs));
  });
}).listen(Number(port), "127.0.0.1");
