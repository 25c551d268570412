// Loopback stand-in for an OpenAI-compatible Chat Completions API, so the real `opencode` runs
// whole turns offline while test fixtures are recorded (a provider with the bundled
// `@ai-sdk/openai-compatible` and `options.baseURL` pointing here, in opencode.json). What the
// newest user message asks decides the answer:
//   "reply with nothing"      → a stream that stops without any text (an empty turn)
//   "take your time"          → one chunk, then silence for a minute (to interrupt)
//   "read the outside file"   → a `read` tool call of /etc/hostname (opencode asks for permission)
//   "fail with 401|404|429"   → that HTTP error in OpenAI's error shape
//   "Edit the file <path>"    → a `write` tool call, then a `bash` `touch ran.txt`, then "Done."
//   anything else             → "Hello from the mock model."
// Usage: node openai-chat.mjs <port> <delay-ms> [request-log.jsonl]
import process from "node:process";
import { setTimeout } from "node:timers";
import { serveJson } from "./_serve-json.mjs";
import { editStep } from "./scenario.mjs";

const [port = "8768", delayMs = "2000", log] = process.argv.slice(2);

const ERRORS = {
  401: {
    message: "Incorrect API key provided: offline.",
    type: "invalid_request_error",
    code: "invalid_api_key",
  },
  404: {
    message: "The model `mock-retired` does not exist or you do not have access to it.",
    type: "invalid_request_error",
    code: "model_not_found",
  },
  429: {
    message: "You exceeded your current quota, please check your plan and billing details.",
    type: "insufficient_quota",
    code: "insufficient_quota",
  },
};

function lastUserText(body) {
  const messages = Array.isArray(body?.messages) ? body.messages : [];
  const content = messages.filter((message) => message.role === "user").at(-1)?.content;
  if (typeof content === "string") return content;
  return Array.isArray(content) ? content.map((part) => part.text ?? "").join("\n") : "";
}

/** An "Edit the file" turn still running: its prompt and the tool results since. */
function editTurnOf(body) {
  const messages = Array.isArray(body?.messages) ? body.messages : [];
  const asked = messages.findLastIndex((message) => message.role === "user");
  const content = messages[asked]?.content;
  const text =
    typeof content === "string" ? content : (content ?? []).map((part) => part.text ?? "").join("\n");
  if (!text.includes("Edit the file")) return undefined;
  return {
    prompt: text,
    results: messages.slice(asked + 1).filter((message) => message.role === "tool").length,
  };
}

function answer(req, res, body) {
  if (req.method !== "POST" || !req.url?.includes("/chat/completions")) {
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ object: "list", data: [{ id: "mock-model", object: "model" }] }));
    return;
  }
  const prompt = lastUserText(body).toLowerCase();
  const failure = /fail with (401|404|429)/.exec(prompt)?.[1];
  if (failure) {
    res.writeHead(Number(failure), { "content-type": "application/json" });
    res.end(JSON.stringify({ error: ERRORS[failure] }));
    return;
  }
  const id = `chatcmpl-fixture-${Date.now()}`;
  const chunk = (delta, finish = null) => ({
    id,
    object: "chat.completion.chunk",
    created: Math.floor(Date.now() / 1000),
    model: body?.model ?? "mock-model",
    choices: [{ index: 0, delta, finish_reason: finish }],
  });
  res.writeHead(200, { "content-type": "text/event-stream" });
  const send = (data) => res.write(`data: ${JSON.stringify(data)}\n\n`);
  send(chunk({ role: "assistant", content: "" }));
  const edit = editTurnOf(body);
  const step = edit && editStep(edit.prompt, edit.results);
  if (step && step.kind !== "text") {
    const call =
      step.kind === "write"
        ? { name: "write", arguments: JSON.stringify({ filePath: step.path, content: step.content }) }
        : { name: "bash", arguments: JSON.stringify({ command: step.command, description: "Mark the run" }) };
    send(
      chunk({
        tool_calls: [{ index: 0, id: `call_fixture_${step.kind}`, type: "function", function: call }],
      }),
    );
    send(chunk({}, "tool_calls"));
    res.end("data: [DONE]\n\n");
    return;
  }
  if (step?.kind === "text") {
    send(chunk({ content: step.text }));
    send(chunk({}, "stop"));
    res.end("data: [DONE]\n\n");
    return;
  }
  if (prompt.includes("read the outside file") && body?.messages?.at(-1)?.role !== "tool") {
    const read = { name: "read", arguments: JSON.stringify({ filePath: "/etc/hostname" }) };
    send(chunk({ tool_calls: [{ index: 0, id: "call_fixture", type: "function", function: read }] }));
    send(chunk({}, "tool_calls"));
    res.end("data: [DONE]\n\n");
    return;
  }
  if (prompt.includes("take your time")) {
    send(chunk({ content: "Thinking it over" }));
    setTimeout(() => res.end(), 60_000);
    return;
  }
  setTimeout(() => {
    if (!prompt.includes("reply with nothing")) send(chunk({ content: "Hello from the mock model." }));
    send(chunk({}, "stop"));
    send({ ...chunk({}), choices: [], usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 } });
    res.end("data: [DONE]\n\n");
  }, Number(delayMs));
}

serveJson(port, log, (body) => ({ prompt: lastUserText(body).slice(-200) }), answer);
