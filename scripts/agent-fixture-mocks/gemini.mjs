// Loopback stand-in for the Gemini API (GOOGLE_GEMINI_BASE_URL), so the real `gemini` runs whole
// turns offline while test fixtures are recorded. Gemini CLI asks it two kinds of things:
//  - generateContent with a `responseJsonSchema` (the model router's complexity classifier, the
//    next-speaker check): answered with an object that fits the schema, so routing succeeds at once
//    (a text answer there makes Gemini CLI retry for minutes);
//  - streamGenerateContent?alt=sse (the turn itself): answered by what the turn's prompt asks:
//      "list the files"         → a list_directory call, then (after its result) a sentence, or no
//                                 text at all when the prompt also says "say nothing", also to the
//                                 "[System: …]" nudges Gemini CLI then sends
//      "reply with nothing"     → a STOP candidate without text (Gemini CLI reports it as an error)
//      "take your time"         → one chunk, then silence for a minute (to interrupt)
//      "Edit the file <path>"   → a write_file call, then a run_shell_command `touch ran.txt`, then "Done."
//      "fail with 401|404|429"  → that HTTP error in the Gemini API's error shape
//      anything else            → "Hello from the mock model."
// Usage: node gemini.mjs <port> <delay-ms> [request-log.jsonl]
import process from "node:process";
import { setTimeout } from "node:timers";
import { serveJson } from "./_serve-json.mjs";
import { editStep } from "./scenario.mjs";

const [port = "8767", delayMs = "1000", log] = process.argv.slice(2);

const ERRORS = {
  401: { code: 401, status: "UNAUTHENTICATED", message: "API key not valid. Please pass a valid API key." },
  404: {
    code: 404,
    status: "NOT_FOUND",
    message:
      "models/gemini-retired is not found for API version v1beta, or is not supported for generateContent.",
  },
  // The free tier's daily quota, as the API words it: Gemini CLI gives up at once on a per-day
  // quota (a 429 without these details is retried with backoff for many minutes).
  429: {
    code: 429,
    status: "RESOURCE_EXHAUSTED",
    message:
      "You exceeded your current quota, please check your plan and billing details.\n* Quota exceeded for metric: generativelanguage.googleapis.com/generate_content_free_tier_requests, limit: 50, model: gemini-3.8-flash",
    details: [
      {
        "@type": "type.googleapis.com/google.rpc.QuotaFailure",
        violations: [
          {
            quotaMetric: "generativelanguage.googleapis.com/generate_content_free_tier_requests",
            quotaId: "GenerateRequestsPerDayPerProjectPerModel-FreeTier",
          },
        ],
      },
    ],
  },
};

function valueFor(schema, key) {
  if (key === "next_speaker") return "user";
  const type = String(schema?.type ?? "").toUpperCase();
  if (Array.isArray(schema?.enum) && schema.enum.length > 0) return schema.enum[0];
  if (type === "OBJECT") {
    const out = {};
    for (const [name, sub] of Object.entries(schema.properties ?? {})) out[name] = valueFor(sub, name);
    return out;
  }
  if (type === "ARRAY") return [];
  if (type === "INTEGER" || type === "NUMBER") return 10;
  if (type === "BOOLEAN") return false;
  return "mock";
}

const textOf = (content) => (content?.parts ?? []).map((part) => part.text ?? "").join("\n");

/**
 * The turn's prompt (the newest user text that is not one of Gemini CLI's own "[System: …]"
 * nudges) and whether a tool result came after it.
 */
function turnOf(body) {
  const contents = Array.isArray(body?.contents) ? body.contents : [];
  const last = contents.at(-1);
  const afterTool = (last?.parts ?? []).some((part) => part.functionResponse !== undefined);
  const asked = (content) => content.role === "user" && /\S/.test(textOf(content)) && !isNudge(content);
  const nudged = last !== undefined && isNudge(last);
  return { prompt: textOf(contents.filter(asked).at(-1)).toLowerCase(), afterTool, nudged };
}

const isNudge = (content) => textOf(content).trim().startsWith("[System: ");

const candidate = (parts) => ({
  candidates: [{ content: { parts, role: "model" }, finishReason: "STOP", index: 0 }],
  usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 5, totalTokenCount: 15 },
});

function streamParts({ prompt, afterTool, nudged }) {
  if (prompt.includes("list the files")) {
    if (!afterTool && !nudged) return [{ functionCall: { name: "list_directory", args: { dir_path: "." } } }];
    return prompt.includes("say nothing") ? [] : [{ text: "The project has a README.md." }];
  }
  return prompt.includes("reply with nothing") ? [] : [{ text: "Hello from the mock model." }];
}

/** An "Edit the file" turn still running: its prompt (case kept) and the tool results since. */
function editTurnOf(body) {
  let results = 0;
  for (const content of [...(Array.isArray(body?.contents) ? body.contents : [])].reverse()) {
    if (content.role !== "user") continue;
    const text = textOf(content);
    if (/\S/.test(text) && !isNudge(content))
      return text.includes("Edit the file") ? { prompt: text, results } : undefined;
    results += (content.parts ?? []).filter((part) => part.functionResponse !== undefined).length;
  }
  return undefined;
}

function editParts({ prompt, results }) {
  const step = editStep(prompt, results);
  if (step.kind === "text") return [{ text: step.text }];
  if (step.kind === "write")
    return [{ functionCall: { name: "write_file", args: { file_path: step.path, content: step.content } } }];
  return [
    {
      functionCall: {
        name: "run_shell_command",
        args: { command: step.command, description: "Mark the run" },
      },
    },
  ];
}

function answer(req, res, body) {
  const config = body?.generationConfig ?? {};
  const schema = config.responseJsonSchema ?? config.responseSchema;
  const json = (status, value) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(value));
  };
  if (!req.url?.includes(":streamGenerateContent")) {
    if (req.url?.includes(":countTokens")) return json(200, { totalTokens: 10 });
    return json(200, candidate([{ text: schema ? JSON.stringify(valueFor(schema)) : "Hello." }]));
  }
  const turn = turnOf(body);
  const failure = /fail with (401|404|429)/.exec(turn.prompt)?.[1];
  if (failure) return json(Number(failure), { error: ERRORS[failure] });
  res.writeHead(200, { "content-type": "text/event-stream" });
  const send = (chunk) => res.write(`data: ${JSON.stringify(chunk)}\n\n`);
  if (turn.prompt.includes("take your time")) {
    send(candidate([{ text: "Thinking it over" }]));
    setTimeout(() => res.end(), 60_000);
    return;
  }
  const edit = editTurnOf(body);
  setTimeout(() => {
    send(candidate(edit ? editParts(edit) : streamParts(turn)));
    res.end();
  }, Number(delayMs));
}

serveJson(port, log, turnOf, answer);
