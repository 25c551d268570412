#!/usr/bin/env node
// demo-agent: a SCRIPTED STAND-IN for an AI coding agent, used by `ao demo`. It is not an AI: it
// follows a fixed script for the one task of the demo sandbox (add `average()` to stats.mjs), so
// that the whole ao loop can be watched on any machine without an account or an API key.
//
// It behaves like an agent CLI in a terminal: raw mode, bracketed paste, a prompt line, and every
// action printed on its screen. The script:
//   1. reads the task from --prompt-file, "implements" it with a bug (average of an empty list is
//      NaN instead of 0) while adding a test that catches the bug, and commits without running the
//      tests — so the project's CI has something to catch;
//   2. when a message mentioning the failing check arrives (ao's ci-failed reaction pastes it into
//      this pane), fixes the bug, runs `node --test` itself, and commits the fix.
//
//   node demo-agent.mjs --prompt-file FILE
//   DEMO_AGENT_STEP_MS=300   pause between two printed actions (so a person can follow them)
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import process from "node:process";
import { setTimeout as sleep } from "node:timers/promises";
import { parseArgs } from "node:util";
import { FIXED_SOURCE, FIRST_SOURCE, IMPORT_AFTER, IMPORT_BEFORE, TESTS_ADDED } from "./script-files.mjs";

const PASTE_START = "\x1b[200~";
const PASTE_END = "\x1b[201~";
const PROMPT = "demo-agent> ";
const STEP_MS = Number(process.env.DEMO_AGENT_STEP_MS ?? "300");
const AUTHOR = ["-c", "user.name=demo-agent", "-c", "user.email=demo-agent@example.invalid"];

const { values } = parseArgs({ options: { "prompt-file": { type: "string" } } });

const state = { busy: false, pasting: false, paste: "", input: "", queue: [] };

/** Raw mode turns off the terminal's own LF → CRLF, so every line ends in CRLF here. */
const print = (line = "") => process.stdout.write(`${line.replace(/\r?\n/g, "\r\n")}\r\n`);
/** An action in progress: "· " starts every working line, which the `command` agent's workingPattern reads. */
const act = async (line) => {
  print(`· ${line}`);
  await sleep(STEP_MS);
};
const showPrompt = () => process.stdout.write(PROMPT);

function git(args) {
  return execFileSync("git", [...AUTHOR, ...args], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  }).trim();
}

function commit(message) {
  git(["add", "stats.mjs", "stats.test.mjs"]);
  git(["commit", "-q", "-m", message]);
  return git(["rev-parse", "--short", "HEAD"]);
}

/** Step 1 of the script: the task, done with a bug and a test that catches it. */
async function implementTask(task) {
  print(`task: ${task}`);
  if (!/average/i.test(task) || !existsSync("stats.mjs")) {
    print("this task is not in my script (I only know the demo's `average()` task); waiting.");
    return;
  }
  await act("reading stats.mjs and stats.test.mjs");
  await act("writing average(numbers) in stats.mjs: the sum divided by the count");
  writeFileSync("stats.mjs", FIRST_SOURCE);
  await act("adding tests for average() to stats.test.mjs, including the empty list");
  const tests = readFileSync("stats.test.mjs", "utf8").replace(IMPORT_BEFORE, IMPORT_AFTER);
  writeFileSync("stats.test.mjs", `${tests}${TESTS_ADDED}`);
  await act("skipping the test run on purpose (the script wants CI to catch the bug)");
  const sha = commit("feat: add average()");
  print(`· committed ${sha} "feat: add average()"`);
  print("done; waiting for messages.");
}

/** Step 2 of the script: a message about the failing check → fix, test, commit. */
async function handleMessage(text) {
  const lines = text.split("\n").filter((line) => line.trim() !== "");
  print(`· received a message (${String(lines.length)} lines)`);
  const failing = lines.find((line) => /^\s*not ok\b/.test(line));
  if (!/CI failed/i.test(text) && failing === undefined) {
    print("· this message is not about the failing check; my script has nothing for it.");
    return;
  }
  if (readFileSync("stats.mjs", "utf8") === FIXED_SOURCE) {
    print("· the fix is already committed; nothing left in my script.");
    return;
  }
  const check = /Failing checks:\n+\s*(?:- )?(.+?)(?: \(\S+\))?$/m.exec(text)?.[1] ?? "the tests";
  await act(`the failing check is \`${check}\`${failing ? `: ${failing.trim()}` : ""}`);
  await act("the cause: average([]) divides 0 by 0, which is NaN; an empty list should give 0");
  writeFileSync("stats.mjs", FIXED_SOURCE);
  await act("fixed stats.mjs; running node --test");
  const run = spawnSync(process.execPath, ["--test"], { encoding: "utf8" });
  const summary = /^# pass (\d+)[\s\S]*^# fail (\d+)/m.exec(run.stdout);
  print(
    `· node --test: ${summary ? `${summary[1]} passed, ${summary[2]} failed` : `exit ${String(run.status)}`}`,
  );
  if (run.status !== 0) {
    print("· the tests still fail; not committing.");
    return;
  }
  const sha = commit("fix: average of an empty list is 0");
  print(`· committed ${sha} "fix: average of an empty list is 0"`);
  print("done; waiting for messages.");
}

async function work(job) {
  state.busy = true;
  try {
    await job();
  } catch (error) {
    print(`· failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  state.busy = false;
  const next = state.queue.shift();
  if (next !== undefined) void work(() => handleMessage(next));
  else showPrompt();
}

function submit() {
  const text = state.input;
  state.input = "";
  if (text.trim() === "") return;
  print();
  // Like a real agent, a message that arrives while it works waits for its turn.
  if (state.busy) {
    state.queue.push(text);
    print("· (queued until the current step is done)");
  } else void work(() => handleMessage(text));
}

/** A paste is echoed as it arrives, each line behind "│ " (ao checks the message's end is on screen). */
function onPaste(text) {
  const normalized = text.replace(/\r\n?/g, "\n");
  state.input += normalized;
  process.stdout.write(`\r\n│ ${normalized.split("\n").join("\r\n│ ")}`);
}

function onData(chunk) {
  let text = chunk.toString("utf8");
  while (text.length > 0) {
    if (state.pasting) {
      const end = text.indexOf(PASTE_END);
      state.paste += end === -1 ? text : text.slice(0, end);
      if (end === -1) return;
      state.pasting = false;
      onPaste(state.paste);
      state.paste = "";
      text = text.slice(end + PASTE_END.length);
    } else if (text.startsWith(PASTE_START)) {
      state.pasting = true;
      text = text.slice(PASTE_START.length);
    } else if (text.startsWith("\x1b[")) {
      // Other escape sequences (arrows, focus events) are read and ignored.
      // eslint-disable-next-line no-control-regex -- terminal input is made of control sequences
      const match = /^\x1b\[[0-9;?]*[A-Za-z~]/.exec(text);
      text = text.slice(match ? match[0].length : 2);
    } else {
      const key = text[0];
      text = text.slice(1);
      if (key === "\x03") exit();
      else if (key === "\r" || key === "\n") submit();
      else if (key === "\x7f") state.input = state.input.slice(0, -1);
      else if (key >= " " || key === "\t") {
        state.input += key;
        process.stdout.write(key);
      }
    }
  }
}

function exit() {
  process.stdout.write("\x1b[?2004l\r\n");
  process.exit(0);
}

function firstTaskLine(prompt) {
  const task = prompt.split("# Your task")[1] ?? prompt;
  const title = /^(?:title:|#+)\s*(.+)$/im.exec(task);
  return (title?.[1] ?? task.split("\n").find((line) => line.trim() !== "") ?? "").trim();
}

if (process.stdin.isTTY) process.stdin.setRawMode(true);
process.stdin.on("data", onData);
process.stdout.write("\x1b[?2004h");
print("demo-agent: a scripted stand-in for an AI coding agent (it follows a fixed script; it is not an AI)");
const promptFile = values["prompt-file"];
if (promptFile === undefined) {
  print("no --prompt-file given; waiting for messages.");
  showPrompt();
} else void work(() => implementTask(firstTaskLine(readFileSync(promptFile, "utf8"))));
