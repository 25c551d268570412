// A recording ACP client (built on @agentclientprotocol/sdk, the client side): starts one ACP agent
// process, runs one script of requests against it, and logs every JSON-RPC line both ways, raw, as
// JSONL: {"at": ms since start, "dir": "client->agent" | "agent->client", "message": {…}} (a line
// that is not JSON is kept as "raw"). What it answers the agent: every permission question with
// its "allow_once" option; fs/read_text_file and fs/write_text_file on the real disk (a missing
// file is "Resource not found").
//
//   node record.mjs <out.jsonl> <script> <cwd> [session-id] -- <agent argv…>
//
// Scripts (the prompts' words choose what the loopback model stand-ins answer, see
// scripts/agent-fixture-mocks/scenario.mjs):
//   main         initialize, session/new, a plain prompt ("Say hello in one word"), a prompt that
//                makes the model edit a file and run a command (tool calls, permission questions),
//                and a long prompt ("Take your time") cancelled with session/cancel 6 s in
//   load         initialize, then session/load of <session-id> (the agent's replay of it)
//   unreachable  initialize, session/new and one prompt, the model service down
// The agent's stderr goes to <out>.stderr.txt.
import { spawn } from "node:child_process";
import { createWriteStream, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import process from "node:process";
import { Readable, Writable } from "node:stream";
import { setTimeout as sleep } from "node:timers/promises";
import * as acp from "@agentclientprotocol/sdk";

const split = process.argv.indexOf("--");
const [out, script, cwd, sessionArg] = process.argv.slice(2, split);
const argv = process.argv.slice(split + 1);
if (split < 0 || !out || !script || !cwd || argv.length === 0) {
  console.error(
    "usage: node record.mjs <out.jsonl> <main|load|unreachable> <cwd> [session-id] -- <agent argv…>",
  );
  process.exit(2);
}
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, "");
const started = Date.now();
const log = (dir, line) => {
  if (line.trim() === "") return;
  let entry;
  try {
    entry = { at: Date.now() - started, dir, message: JSON.parse(line) };
  } catch {
    entry = { at: Date.now() - started, dir, raw: line };
  }
  writeFileSync(out, `${JSON.stringify(entry)}\n`, { flag: "a" });
};

/** Logs each complete line of a byte stream as it passes. */
function lineTap(dir) {
  let pending = "";
  const decoder = new TextDecoder();
  return new TransformStream({
    transform(chunk, controller) {
      pending += decoder.decode(chunk, { stream: true });
      const lines = pending.split("\n");
      pending = lines.pop() ?? "";
      for (const line of lines) log(dir, line);
      controller.enqueue(chunk);
    },
    flush() {
      log(dir, pending);
    },
  });
}

// Its own process group, so the agent's children (a CLI it drives) end with it.
const child = spawn(argv[0], argv.slice(1), { cwd, stdio: ["pipe", "pipe", "pipe"], detached: true });
const killAll = (signal) => {
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
};
child.stderr.pipe(createWriteStream(`${out.replace(/\.jsonl$/, "")}.stderr.txt`));
const exited = new Promise((resolve) => child.on("exit", (code, signal) => resolve({ code, signal })));
const fromAgent = Readable.toWeb(child.stdout).pipeThrough(lineTap("agent->client"));
const toAgentTap = lineTap("client->agent");
void toAgentTap.readable.pipeTo(Writable.toWeb(child.stdin)).catch(() => undefined);
const stream = acp.ndJsonStream(toAgentTap.writable, fromAgent);

const updates = [];
const app = acp
  .client()
  .onRequest("session/request_permission", ({ params }) => {
    const option = params.options.find((o) => o.kind === "allow_once") ?? params.options[0];
    return { outcome: { outcome: "selected", optionId: option.optionId } };
  })
  .onRequest("fs/read_text_file", ({ params }) => {
    // A missing file is ACP's "Resource not found" (-32002): Gemini CLI reads a file before it writes
    // it and takes any other error (an "Internal error") as a failed tool call.
    if (!existsSync(params.path)) throw acp.RequestError.resourceNotFound(params.path);
    const text = readFileSync(params.path, "utf8");
    if (params.line === undefined && params.limit === undefined) return { content: text };
    const lines = text.split("\n");
    const from = Math.max(0, (params.line ?? 1) - 1);
    return { content: lines.slice(from, params.limit ? from + params.limit : undefined).join("\n") };
  })
  .onRequest("fs/write_text_file", ({ params }) => {
    writeFileSync(params.path, params.content);
    return {};
  })
  .onNotification("session/update", ({ params }) => void updates.push(params));

const CLIENT = {
  protocolVersion: acp.PROTOCOL_VERSION,
  clientCapabilities: { fs: { readTextFile: true, writeTextFile: true }, terminal: false },
  clientInfo: { name: "ao-acp-recorder", version: "1.0.0" },
};
const settle = (promise) =>
  promise.then(
    (value) => ({ value }),
    (error) => ({ error: error?.message ?? String(error) }),
  );
const prompt = (agent, sessionId, text) =>
  agent.request("session/prompt", { sessionId, prompt: [{ type: "text", text }] });

async function main(agent) {
  await agent.request("initialize", CLIENT);
  const { sessionId } = await agent.request("session/new", { cwd, mcpServers: [] });
  await settle(prompt(agent, sessionId, "Say hello in one word"));
  const file = join(cwd, "notes.txt");
  await settle(prompt(agent, sessionId, `Edit the file ${file} and run a command`));
  const long = settle(prompt(agent, sessionId, "Take your time"));
  await sleep(6000);
  await agent.notify("session/cancel", { sessionId });
  await long;
}

async function load(agent) {
  const init = await agent.request("initialize", CLIENT);
  if (!init.agentCapabilities?.loadSession) return;
  await settle(agent.request("session/load", { sessionId: sessionArg, cwd, mcpServers: [] }));
  await sleep(2000);
}

async function unreachable(agent) {
  await agent.request("initialize", CLIENT);
  const created = await settle(agent.request("session/new", { cwd, mcpServers: [] }));
  if (created.value) await settle(prompt(agent, created.value.sessionId, "Say hello in one word"));
}

const scripts = { main, load, unreachable };
const outcome = await settle(
  Promise.race([
    app.connectWith(stream, scripts[script]),
    sleep(240_000).then(() => Promise.reject(new Error("the script did not finish within 240 s"))),
    exited.then((how) => Promise.reject(new Error(`the agent exited early: ${JSON.stringify(how)}`))),
  ]),
);
if (outcome.error) console.error(`record-acp ${script}: ${outcome.error}`);
killAll("SIGTERM");
const gone = await Promise.race([exited, sleep(5000).then(() => undefined)]);
if (gone === undefined) killAll("SIGKILL");
console.log(`record-acp ${script}: ${updates.length} session/update notifications -> ${out}`);
process.exit(0);
