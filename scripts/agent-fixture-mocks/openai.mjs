// Loopback stand-in for the OpenAI Responses API, so the real `codex` runs whole turns offline while
// test fixtures are recorded (a `model_providers.mock` entry in config.toml points here). What it
// answers is chosen by words in the newest human prompt (scenario.mjs): a text reply, an
// exec_command call, no text, a 404 "model not found", a 401, or a reply slow enough to interrupt.
// Usage: node openai.mjs <port> <delay-ms>
import { createServer } from "node:http";
import process from "node:process";
import { REPLY_TEXT, SLOW_MS, SLOW_START, editStep, later, scenarioFor } from "./scenario.mjs";

const [port = "8766", delayMs = "4000"] = process.argv.slice(2);

// The API's own error bodies (https://platform.openai.com/docs/guides/error-codes).
const ERRORS = {
  not_found: [
    404,
    (model) => `The model \`${model}\` does not exist or you do not have access to it.`,
    "model_not_found",
  ],
  unauthorized: [401, () => "Incorrect API key provided: sk-offl*******0000.", "invalid_api_key"],
};

/** The newest user text a person wrote: not a tool result, not Codex's own `<environment_context>`. */
function lastHumanText(input) {
  if (!Array.isArray(input)) return typeof input === "string" ? input : "";
  if (input.at(-1)?.type === "function_call_output") return "";
  for (const item of [...input].reverse()) {
    if (item.type !== "message" || item.role !== "user") continue;
    const text = (item.content ?? [])
      .filter((part) => part.type === "input_text" && !part.text.startsWith("<"))
      .at(-1)?.text;
    if (text !== undefined && text !== "") return text;
  }
  return "";
}

const TOOL_CALL = {
  type: "function_call",
  id: "fc_1",
  call_id: "call_fixture",
  name: "exec_command",
  arguments: JSON.stringify({
    cmd: "touch hello.txt",
    sandbox_permissions: "require_escalated",
    justification: "Create hello.txt outside the sandbox?",
  }),
};

/**
 * An "Edit the file" turn still running: its prompt and the tool results since. Codex offers a model
 * it has no metadata for no apply_patch tool, so both steps are exec_command calls; the second
 * asks to leave the sandbox, so Codex asks for approval.
 */
function editTurnOf(input) {
  if (!Array.isArray(input)) return undefined;
  const asked = input.findLastIndex(
    (item) =>
      item.type === "message" &&
      item.role === "user" &&
      (item.content ?? []).some((part) => part.type === "input_text" && !part.text.startsWith("<")),
  );
  const text = (input[asked]?.content ?? []).map((part) => part.text ?? "").join("\n");
  if (!text.includes("Edit the file")) return undefined;
  const results = input.slice(asked + 1).filter((item) => item.type === "function_call_output").length;
  return editStep(text, results);
}

function editItem(step) {
  if (step.kind === "text") return textMessage(step.text);
  const args =
    step.kind === "write"
      ? { cmd: `printf '%s' '${step.content.trim()}' > ${step.path}` }
      : { cmd: step.command, sandbox_permissions: "require_escalated", justification: "Mark the run?" };
  return {
    type: "function_call",
    id: `fc_${step.kind}`,
    call_id: `call_fixture_${step.kind}`,
    name: "exec_command",
    arguments: JSON.stringify(args),
  };
}

const textMessage = (text) => ({
  type: "message",
  role: "assistant",
  id: "msg_1",
  content: [{ type: "output_text", text }],
});

function answer(res, request, scenario) {
  const edit = editTurnOf(request.input);
  if (edit) {
    res.writeHead(200, { "content-type": "text/event-stream" });
    const send = (data) => res.write(`event: ${data.type}\ndata: ${JSON.stringify(data)}\n\n`);
    const id = `resp_fixture_${Date.now()}`;
    send({ type: "response.created", response: { id } });
    return finish(res, send, id, editItem(edit));
  }
  const error = ERRORS[scenario];
  if (error) {
    const [status, words, code] = error;
    res.writeHead(status, { "content-type": "application/json", "x-request-id": "req_fixture" });
    res.end(
      JSON.stringify({
        error: { message: words(request.model), type: "invalid_request_error", param: null, code },
      }),
    );
    return;
  }
  res.writeHead(200, { "content-type": "text/event-stream" });
  const send = (data) => res.write(`event: ${data.type}\ndata: ${JSON.stringify(data)}\n\n`);
  const id = `resp_fixture_${Date.now()}`;
  send({ type: "response.created", response: { id } });
  if (scenario === "slow") {
    // A turn that is busy for a long time: the first words at once, the rest after SLOW_MS.
    send({ type: "response.output_item.added", output_index: 0, item: { ...textMessage(""), content: [] } });
    const delta = { item_id: "msg_1", output_index: 0, content_index: 0, delta: `${SLOW_START} ` };
    send({ type: "response.output_text.delta", ...delta });
    later(res, SLOW_MS, () => finish(res, send, id, textMessage(`${SLOW_START} ${REPLY_TEXT}`)));
    return;
  }
  const item = scenario === "tool" ? TOOL_CALL : textMessage(scenario === "empty" ? "" : REPLY_TEXT);
  finish(res, send, id, item);
}

function finish(res, send, id, item) {
  send({ type: "response.output_item.done", output_index: 0, item });
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
}

createServer((req, res) => {
  let body = "";
  req.on("data", (chunk) => (body += chunk));
  req.on("end", () => {
    if (req.method !== "POST" || !req.url?.includes("/responses")) {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ object: "list", data: [{ id: "mock-model", object: "model" }], models: [] }));
      return;
    }
    const request = JSON.parse(body || "{}");
    const scenario = scenarioFor(lastHumanText(request.input));
    later(res, scenario === "silent" ? SLOW_MS : Number(delayMs), () => answer(res, request, scenario));
  });
}).listen(Number(port), "127.0.0.1");
