// Loopback stand-in for the Anthropic Messages API, so the real `claude` runs whole turns offline
// while test fixtures are recorded (ANTHROPIC_BASE_URL=http://127.0.0.1:<port>). What it answers is
// chosen by words in the newest human prompt (scenario.mjs): a text reply, a tool call, no text,
// a 404 "model not found", a 401, a 429 with retry-after (once, or every time), or a reply slow
// enough to interrupt.
// Usage: node anthropic.mjs <port> <delay-ms>
import { appendFileSync } from "node:fs";
import { createServer } from "node:http";
import process from "node:process";
import { REPLY_TEXT, RETRY_AFTER_S, SLOW_MS, SLOW_START, editStep, later, scenarioFor } from "./scenario.mjs";

const [port = "8765", delayMs = "4000"] = process.argv.slice(2);

const sse = (res, events, { head = true, end = true } = {}) => {
  if (head) res.writeHead(200, { "content-type": "text/event-stream" });
  for (const [type, data] of events)
    res.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
  if (end) res.end();
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

// The API's own error bodies (https://docs.anthropic.com/en/api/errors).
const ERRORS = {
  not_found: [404, "not_found_error", (model) => `model: ${model}`],
  unauthorized: [401, "authentication_error", () => "invalid x-api-key"],
  rate_limited: [
    429,
    "rate_limit_error",
    () => "Number of request tokens has exceeded your per-minute rate limit",
  ],
};
/** The headers the API sends with a 429 (https://docs.anthropic.com/en/api/rate-limits). */
const RATE_LIMIT_HEADERS = () => ({
  "retry-after": String(RETRY_AFTER_S),
  "anthropic-ratelimit-input-tokens-limit": "30000",
  "anthropic-ratelimit-input-tokens-remaining": "0",
  "anthropic-ratelimit-input-tokens-reset": new Date(Date.now() + RETRY_AFTER_S * 1000).toISOString(),
});
/** Prompts already answered with their one 429 ("Hit the rate limit once"). */
const limitedOnce = new Set();

/** The newest prompt a person wrote (not a tool result, not Claude's own nudge). */
function lastHumanText(messages) {
  const last = messages.at(-1);
  // A tool result answers the model, unless a prompt came with it (the ACP adapter sends the last
  // turn's results and the next prompt in one message).
  const prompted = (block) => block.type === "text" && !block.text.startsWith("<system-reminder>");
  const content = Array.isArray(last?.content) ? last.content : [];
  if (content.some((block) => block.type === "tool_result") && !content.some(prompted)) return "";
  for (const entry of [...messages].reverse()) {
    if (entry.role !== "user") continue;
    const blocks =
      typeof entry.content === "string" ? [{ type: "text", text: entry.content }] : entry.content;
    // Claude Code merges consecutive user messages: a failed turn's prompt shares one with the next
    // prompt, and so does its own nudge after an answer without text. The newest block a person
    // wrote is the newest prompt.
    const text = blocks
      .filter(
        (block) =>
          block.type === "text" &&
          !/^(<system-reminder>|\[Your previous response had no visible output)/.test(block.text),
      )
      .at(-1)?.text;
    if (text !== undefined && text !== "") return text;
  }
  return "";
}

/**
 * An "Edit the file" turn still running: its prompt and the tool results since, or undefined when
 * the newest prompt is another.
 */
function editTurn(messages) {
  let results = 0;
  for (const entry of [...messages].reverse()) {
    if (entry.role !== "user") continue;
    const blocks =
      typeof entry.content === "string" ? [{ type: "text", text: entry.content }] : entry.content;
    const human = blocks.filter((b) => b.type === "text" && !b.text.startsWith("<system-reminder>"));
    const asked = human.find((b) => b.text.includes("Edit the file"));
    if (asked) return { prompt: asked.text, results };
    if (human.length > 0) return undefined;
    results += blocks.filter((b) => b.type === "tool_result").length;
  }
  return undefined;
}

/** One step of an "Edit the file" turn: Write, then Bash `touch ran.txt`, then text. */
function answerEdit(res, request, turn) {
  const step = editStep(turn.prompt, turn.results);
  if (step.kind === "text") {
    const block = { type: "text", text: "" };
    return sse(res, message(request.model, "end_turn", block, { type: "text_delta", text: step.text }));
  }
  const [name, input] =
    step.kind === "write"
      ? ["Write", { file_path: step.path, content: step.content }]
      : ["Bash", { command: step.command, description: "Mark the run" }];
  const block = { type: "tool_use", id: `toolu_fixture_${step.kind}`, name, input: {} };
  const delta = { type: "input_json_delta", partial_json: JSON.stringify(input) };
  sse(res, message(request.model, "tool_use", block, delta));
}

function answer(res, request, scenario, prompt) {
  const edit = request.stream ? editTurn(request.messages ?? []) : undefined;
  if (edit) return answerEdit(res, request, edit);
  if (scenario === "rate_limited_once") {
    scenario = limitedOnce.has(prompt) ? "reply" : "rate_limited";
    limitedOnce.add(prompt);
  }
  const error = ERRORS[scenario];
  if (error) {
    const [status, type, words] = error;
    const extra = status === 429 ? RATE_LIMIT_HEADERS() : {};
    res.writeHead(status, { "content-type": "application/json", "request-id": "req_fixture", ...extra });
    res.end(
      JSON.stringify({
        type: "error",
        error: { type, message: words(request.model) },
        request_id: "req_fixture",
      }),
    );
    return;
  }
  if (!request.stream) {
    res.writeHead(200, { "content-type": "application/json" });
    res.end(
      JSON.stringify({
        id: "msg_fixture",
        type: "message",
        role: "assistant",
        model: request.model,
        content: [{ type: "text", text: scenario === "empty" ? "" : REPLY_TEXT }],
        stop_reason: "end_turn",
        stop_sequence: null,
        usage: { input_tokens: 10, output_tokens: 5 },
      }),
    );
    return;
  }
  if (scenario === "tool") {
    const input = JSON.stringify({ command: "touch hello.txt", description: "Create hello.txt" });
    const block = { type: "tool_use", id: "toolu_fixture", name: "Bash", input: {} };
    sse(res, message(request.model, "tool_use", block, { type: "input_json_delta", partial_json: input }));
    return;
  }
  const text = scenario === "empty" ? "" : REPLY_TEXT;
  const events = message(request.model, "end_turn", { type: "text", text: "" }, { type: "text_delta", text });
  if (scenario !== "slow") return sse(res, events);
  // A turn that is busy for a long time: the first words at once, the rest after SLOW_MS.
  const first = ["content_block_delta", { index: 0, delta: { type: "text_delta", text: `${SLOW_START} ` } }];
  sse(res, [...events.slice(0, 2), first], { end: false });
  later(res, SLOW_MS, () => sse(res, events.slice(2), { head: false }));
}

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
    const prompt = lastHumanText(request.messages ?? []);
    const scenario = scenarioFor(prompt);
    // MOCK_LOG=<file>: one line per request with the scenario the mock chose, to check the choice.
    if (process.env.MOCK_LOG)
      appendFileSync(
        process.env.MOCK_LOG,
        `${JSON.stringify({ at: new Date().toISOString(), url: req.url, stream: request.stream, scenario, prompt, ...(process.env.MOCK_LOG_FULL ? { last: request.messages?.at(-1) } : {}) })}\n`,
      );
    later(res, scenario === "silent" ? SLOW_MS : Number(delayMs), () =>
      answer(res, request, scenario, prompt),
    );
  });
})
  // Port 0 picks a free one (the e2e test of the real adapter): the port is printed once listening.
  .on("listening", function printPort() {
    process.stdout.write(`listening ${String(this.address().port)}\n`);
  })
  .listen(Number(port), "127.0.0.1");
