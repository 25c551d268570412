// ACP against the terminal (issue 26): how long after `ao send` starts the agent's first reply chunk
// is there for ao to read, and how long after the agent finished its turn ao has it `completed`.
// Two sessions in one throwaway world (the built ao, its own AO_HOME and tmux server, no daemon):
//   acp:      agent `acp` (ao's ACP host in tmux) running test/fixtures/bin/fake-acp-agent
//   terminal: agent `claude-code` running the fake Claude Code TUI (test/fixtures/bin/claude), with
//             the hooks ao installs, as a real Claude Code session has them
// No daemon runs: the `ao send --wait` that delivers a turn is what sees it end (a look every 500 ms,
// core's wait loop), the same loop for both modes; only the agent plugin's signals differ.
// The two fakes share no stand-in model, so they are scripted alike: each round's prompt is
// `slow <ms>`; the ACP fake waits <ms>, then streams `You said: slow <ms>` (one chunk) and ends the
// prompt `end_turn`; the fake Claude gets the same <ms> as its work time and the same reply through
// its turns file. <ms> is drawn per round (0–499, the same for both modes) so that the agent's end
// falls at any point of `ao send --wait`'s 500 ms look at the turn, not at one fixed phase.
// Per round, each mode (interleaved, the order alternating) runs `ao send --wait` and measures:
//   first chunk: `ao send` started → the first reply text where ao reads it. ACP: the first
//     `agent_message_chunk` line of AO_HOME/acp/<session>.jsonl (its `t`, written by the host as the
//     line arrives). Terminal: the assistant entry of the agent's transcript (its `timestamp`; the
//     fake writes the whole reply at once, there and before it redraws the screen).
//   turn end: the agent finished → the turn's `turn.ended` event (its time, written by the ao that
//     saw the end). ACP: the agent's response to `session/prompt` in the record. Terminal: the same
//     assistant entry (then Claude Code runs its Stop hooks, ao's signal, which is part of the cost).
// All times are Date.now() of processes on this machine. Nothing is asserted: the bench fails only
// when a turn does not complete with the scripted reply.
// Run: npm run build && node bench/acp-latency.mjs [--rounds 12]   (or AO_BENCH_ROUNDS=12)
import { spawn, spawnSync } from "node:child_process";
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";
import { join } from "node:path";
import { median, percentile } from "./lib/measure.mjs";
import { ao, git, makeWorld } from "./lib/session-world.mjs";

const roundsFlag = process.argv.indexOf("--rounds");
const rounds = Number(roundsFlag > 0 ? process.argv[roundsFlag + 1] : (process.env.AO_BENCH_ROUNDS ?? 12));
if (!Number.isInteger(rounds) || rounds < 1) throw new Error(`--rounds must be a whole number >= 1`);
const WARMUP = 1;

const world = makeWorld();
const turnsFile = join(world.dir, "claude-turns.json");
const acpRepo = join(world.dir, "repo-acp");

/** Two projects on two clones of one origin: the terminal agent (default) and the ACP agent. */
function configure() {
  git(world.dir, ["clone", "-q", join(world.dir, "origin.git"), acpRepo]);
  const projects = {
    term: { path: world.repo },
    acp: { path: acpRepo, agent: { plugin: "acp", argv: ["fake-acp-agent"] } },
  };
  writeFileSync(join(world.configDir, "agent-orchestrator.yaml"), JSON.stringify({ projects }));
  world.env.FAKE_AGENT_TURNS_FILE = turnsFile;
  writeFileSync(turnsFile, JSON.stringify({ workMs: 0 }));
}

/** JSON lines of a file from a byte offset, whole lines only. */
function linesSince(file, offset) {
  const text = readFileSync(file).subarray(offset).toString("utf8");
  return text
    .slice(0, text.lastIndexOf("\n") + 1)
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line));
}

function claudeTranscript() {
  const projects = join(world.env.HOME, ".claude", "projects");
  const files = readdirSync(projects, { recursive: true }).filter((f) => String(f).endsWith(".jsonl"));
  if (files.length !== 1) throw new Error(`expected one Claude transcript, found ${files.length}`);
  return join(projects, String(files[0]));
}

/** Where each mode's agent writes, and how to read a round's two moments from it. */
const modes = {
  acp: {
    session: "acp-1",
    file: () => join(world.home, "acp", "acp-1.jsonl"),
    moments(entries) {
      const chunk = entries.find(
        (e) => e.dir === "in" && e.msg?.params?.update?.sessionUpdate === "agent_message_chunk",
      );
      const end = entries.find((e) => e.dir === "in" && e.msg?.result?.stopReason !== undefined);
      return { firstChunk: chunk?.t, agentDone: end?.t };
    },
  },
  terminal: {
    session: "term-1",
    file: claudeTranscript,
    moments(entries) {
      const reply = entries.find((e) => e.type === "assistant");
      const at = reply === undefined ? undefined : Date.parse(reply.timestamp);
      return { firstChunk: at, agentDone: at };
    },
  },
};

/** When ao wrote the session's newest `turn.ended` (the store's clock: Date.now() of that ao). */
function turnEndedAt(session, after) {
  const args = ["events", "--session", session, "--type", "turn.ended", "--json", "--limit", "1"];
  const [event] = JSON.parse(world.ao(args)).events;
  if (event === undefined || event.createdAt < after) throw new Error(`${session}: no new turn.ended event`);
  return event.createdAt;
}

/** The `ao send` running now, so that a signal can end it before the world goes. */
let running;

/** Runs ao without blocking, so SIGINT and SIGTERM are handled (and clean up) at once. */
function run(argv) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, argv, { ...world.options, stdio: ["ignore", "pipe", "pipe"] });
    running = child;
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (status) => {
      running = undefined;
      resolve({ status, stdout, stderr });
    });
  });
}

/** One `ao send --wait` of `slow <ms>` to one mode's session; returns its figures in ms. */
async function round(mode, delayMs) {
  const { session, file, moments } = modes[mode];
  const prompt = `slow ${delayMs}`;
  const reply = `You said: ${prompt}`;
  writeFileSync(turnsFile, JSON.stringify({ workMs: delayMs, reply }));
  const path = file();
  const offset = statSync(path).size;
  const argv = [ao, "send", session, "--wait", "--json", "--timeout", "60s", prompt];
  const start = Date.now();
  const sent = await run(argv);
  const wall = Date.now() - start;
  const turn = sent.status === 0 ? JSON.parse(sent.stdout).turn : undefined;
  if (turn?.status !== "completed" || turn.reply !== reply)
    throw new Error(`${mode}: ao send --wait exited ${sent.status}: ${sent.stdout}${sent.stderr}`);
  const { firstChunk, agentDone } = moments(linesSince(path, offset));
  if (firstChunk === undefined || agentDone === undefined) throw new Error(`${mode}: no reply in ${path}`);
  return {
    delayMs,
    delivered: Date.parse(turn.deliveredAt) - start,
    firstChunk: firstChunk - start,
    turnEnd: turnEndedAt(session, start) - agentDone,
    wall,
  };
}

/** Blocks until `check` gives a value (a hang guard around set-up, not part of any figure). */
function until(check, what, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
  }
}

/** Spawns both sessions and waits until each agent has ended its task, so rounds start on idle agents. */
function spawnBoth() {
  world.ao(["spawn", "term", "say hello"]);
  world.ao(["spawn", "acp", "say hello"]);
  const ended = {
    acp: (entries) => entries.some((e) => e.dir === "in" && e.msg?.result?.stopReason !== undefined),
    terminal: (entries) => entries.some((e) => e.type === "system" && e.subtype === "turn_duration"),
  };
  for (const [name, mode] of Object.entries(modes))
    until(() => {
      try {
        return ended[name](linesSince(mode.file(), 0)) ? true : undefined;
      } catch {
        return undefined; // the file is not there yet
      }
    }, `${mode.session} to end its task`);
  // The task's turn (ACP) must be closed in the store too, or the first send waits behind it.
  world.ao(["turns", "acp-1"]);
}

const row = (name, values) =>
  `${name.padEnd(34)} ${median(values).toFixed(1).padStart(10)} ${percentile(values, 90).toFixed(1).padStart(8)}`;

function printResults(samples) {
  console.log(`
ACP against the terminal, ${rounds} rounds each, interleaved (${ao})`);
  const [load] = loadavg();
  console.log(`machine: ${availableParallelism()} cores, load average ${load.toFixed(1)} (1 min)`);
  const delays = samples.acp.map((s) => s.delayMs);
  console.log(
    `scripted delay drawn per round 0-499 ms, the same for both (median ${median(delays).toFixed(0)} ms, in every first-chunk figure); ratio = median ACP / median terminal`,
  );
  for (const [metric, title] of [
    ["firstChunk", "delivery to first chunk: ao send started -> first reply text readable by ao"],
    ["turnEnd", "turn-end detection: agent finished -> turn.ended in the store"],
    ["delivered", "for scale: ao send started -> delivery confirmed (the turn's deliveredAt)"],
    ["wall", "for scale: the whole ao send --wait"],
  ]) {
    const acp = samples.acp.map((s) => s[metric]);
    const terminal = samples.terminal.map((s) => s[metric]);
    console.log(`
${title}`);
    console.log(
      `${"case".padEnd(34)} ${"median ms".padStart(10)} ${"p90 ms".padStart(8)} ${"ratio".padStart(7)}`,
    );
    console.log(`${row("terminal: claude-code (baseline)", terminal)}   1.00x`);
    console.log(
      `${row("acp: ACP host + fake ACP agent", acp)} ${(median(acp) / median(terminal)).toFixed(2).padStart(6)}x`,
    );
  }
}

let cleaned = false;
/** Ends both sessions (their tmux panes, hosts and agents), the tmux server and the temp dirs. */
function cleanUp() {
  if (cleaned) return;
  cleaned = true;
  running?.kill("SIGKILL");
  for (const session of ["term-1", "acp-1"])
    spawnSync(process.execPath, [ao, "session", "kill", session, "--purge", "--force"], {
      ...world.options,
      stdio: "ignore",
    });
  world.dispose();
}
for (const [signal, code] of [
  ["SIGINT", 130],
  ["SIGTERM", 143],
])
  process.on(signal, () => {
    cleanUp();
    process.exit(code);
  });

try {
  configure();
  spawnBoth();
  const samples = { acp: [], terminal: [] };
  for (let n = 0; n < WARMUP + rounds; n++) {
    const delayMs = Math.floor(Math.random() * 500);
    const order = n % 2 === 0 ? ["acp", "terminal"] : ["terminal", "acp"];
    for (const mode of order) {
      const figures = await round(mode, delayMs);
      if (n >= WARMUP) samples[mode].push(figures);
    }
  }
  printResults(samples);
} finally {
  cleanUp();
}
