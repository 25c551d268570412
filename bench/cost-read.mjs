// What reading usage costs per daemon cycle for 50 sessions (issue 14): the claude-code plugin's
// incremental read (each transcript from the cursor the last read left) against a full re-read of
// the same transcripts (the cursor "" every cycle, what a reader without cursors does), in one run,
// interleaved, so machine load slows both alike.
//
// Each session's transcript is made of the real lines of Claude Code 2.1.197
// (test/fixtures/agents/claude/turns/completed.transcript.jsonl: the session's header once, then per
// turn its user prompt, assistant entry with message.usage, stop_hook_summary and turn_duration),
// with fresh ids, times and token counts. It starts with --turns turns of history; before each
// cycle every session grows by one turn, as a busy fleet's would between two daemon cycles. Both
// sides must find the records they should (checked every cycle), or the bench fails.
// Run: npm run build && node bench/cost-read.mjs [--sessions 50] [--turns 200] [--cycles 20]
import { randomUUID } from "node:crypto";
import {
  appendFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { median, report } from "./lib/measure.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const flag = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const SESSIONS = flag("sessions", 50);
const HISTORY = flag("turns", 200);
const CYCLES = flag("cycles", 20);
const WARMUP = 3;

const usageJs = join(root, "dist/plugins/agent/claude-code/usage.js");
if (!existsSync(usageJs))
  throw new Error("dist/plugins/agent/claude-code/usage.js is missing: run npm run build first");
const { escapedCwd, readClaudeUsage } = await import(pathToFileURL(usageJs).href);

const recorded = readFileSync(
  join(root, "test/fixtures/agents/claude/turns/completed.transcript.jsonl"),
  "utf8",
)
  .split("\n")
  .filter(Boolean)
  .map((line) => JSON.parse(line));
const firstTurnLine = recorded.findIndex((entry) => entry.type === "user");
const header = recorded.slice(0, firstTurnLine).filter((entry) => entry.type !== "attachment");
const turn = recorded.filter(
  (entry) => entry.type === "user" || entry.type === "assistant" || entry.type === "system",
);
if (!turn.some((entry) => entry.type === "assistant" && entry.message?.usage !== undefined))
  throw new Error("the recorded transcript has no assistant entry with usage");

const dir = realpathSync(mkdtempSync(join(tmpdir(), "ao-cost-read-")));
const configDir = join(dir, "claude");
let clock = Date.parse("2026-12-01T00:00:00Z");

/** One turn's lines: the recorded ones with fresh ids and times, the assistant's usage varied. */
function turnLines(index) {
  return turn.map((entry) => {
    clock += 1000;
    const fresh = { ...entry, uuid: randomUUID(), timestamp: new Date(clock).toISOString() };
    if (entry.type !== "assistant") return JSON.stringify(fresh);
    const usage = { ...entry.message.usage, input_tokens: 100 + index, output_tokens: 20 + (index % 50) };
    return JSON.stringify({
      ...fresh,
      message: { ...entry.message, id: `msg_${randomUUID()}`, usage },
      requestId: `req_${randomUUID()}`,
    });
  });
}
const RECORDS_PER_TURN = turn.filter((entry) => entry.type === "assistant").length;

const sessions = Array.from({ length: SESSIONS }, (_, index) => {
  const worktree = join(dir, "worktrees", `bench-${index + 1}`);
  const folder = join(configDir, "projects", escapedCwd(worktree));
  mkdirSync(folder, { recursive: true });
  const file = join(folder, `${randomUUID()}.jsonl`);
  const lines = header.map((entry) => JSON.stringify(entry));
  for (let t = 0; t < HISTORY; t++) lines.push(...turnLines(t));
  appendFileSync(file, `${lines.join("\n")}\n`);
  return { id: `bench-${index + 1}`, worktree, file, cursor: "", turns: HISTORY };
});

/** One cycle over every session; returns its wall time and the records found. */
async function cycle(incremental) {
  const start = process.hrtime.bigint();
  let records = 0;
  for (const session of sessions) {
    const read = readClaudeUsage(configDir, {
      sessionId: session.id,
      worktree: session.worktree,
      cursor: incremental ? session.cursor : "",
    });
    records += read.records.length;
    if (incremental) session.cursor = read.cursor;
  }
  return { ms: Number(process.hrtime.bigint() - start) / 1e6, records };
}

function expectRecords(side, found, wanted) {
  if (found !== wanted) throw new Error(`${side} found ${found} usage records, expected ${wanted}`);
}

try {
  await cycle(true); // the first read of each session: everything, then cursors from here
  const samples = { "incremental (from the cursor)": [], "full re-read": [] };
  for (let round = 0; round < WARMUP + CYCLES; round++) {
    for (const session of sessions) {
      appendFileSync(session.file, `${turnLines(session.turns).join("\n")}\n`);
      session.turns += 1;
    }
    const incremental = await cycle(true);
    expectRecords("incremental", incremental.records, SESSIONS * RECORDS_PER_TURN);
    const full = await cycle(false);
    expectRecords(
      "full",
      full.records,
      sessions.reduce((sum, s) => sum + s.turns * RECORDS_PER_TURN, 0),
    );
    if (round < WARMUP) continue;
    samples["incremental (from the cursor)"].push(incremental.ms);
    samples["full re-read"].push(full.ms);
  }
  const bytes = sessions.reduce((sum, s) => sum + readFileSync(s.file).length, 0);
  const base = report(
    `usage read of ${SESSIONS} claude-code sessions per cycle, ${HISTORY}+ turns each (${(bytes / 1e6).toFixed(1)} MB of transcripts), ${CYCLES} cycles`,
    samples,
    "full re-read",
  );
  const incrementalMs = median(samples["incremental (from the cursor)"]);
  console.log(`full re-read / incremental: ${(base / incrementalMs).toFixed(1)}x`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
