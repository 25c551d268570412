// A fleet on one daemon (issue 29): what a steady cycle costs next to `ao status --json` of the same
// fleet, the daemon's CPU with idle sessions, its memory at 500 sessions, and `ao status` at 500
// next to 10 sessions, each a ratio to its baseline measured in this run.
//
// Real: the built `ao` (bin/ao.js), its daemon, tmux, git worktrees, SQLite. The agent is Claude Code's
// plugin with a stand-in program (bench/lib/idle-claude.sh: writes the hook events of a finished turn,
// then one `sleep`), so each session is what an idle Claude session is to ao, at 1 MB. Sessions are
// made with `ao spawn` (untimed). The daemon's cycles are asked for with `POST /cycle`; the duration
// is the one its report gives. CPU is the daemon process's utime+stime from /proc/<pid>/stat over the
// window (its children, reaped tmux/git/ps, shown apart), at the default 30 s poll.
// Run: npm run build && node bench/fleet-cycle.mjs [--sessions 100] [--large 500] [--small 10]
//        [--cycles 15] [--runs 10] [--minutes 5]     (--large 0 skips the 500-session part)
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { request } from "node:http";
import { availableParallelism, loadavg } from "node:os";
import { setTimeout as sleep } from "node:timers/promises";
import { median, timeOnce } from "./lib/measure.mjs";
import { ao, makeFleet, spawnSessions } from "./lib/fleet-world.mjs";

const flag = (name, fallback) => {
  const index = process.argv.indexOf(name);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
};
const sessions = flag("--sessions", 100);
const large = flag("--large", 500);
const small = flag("--small", 10);
const cycles = flag("--cycles", 15);
const runs = flag("--runs", 10);
const minutes = flag("--minutes", 5);

const lines = [];
const say = (line) => {
  lines.push(line);
  console.log(line);
};
const verdicts = [];
const judge = (name, value, goal, unit) => {
  const met = value <= goal;
  verdicts.push(met);
  say(`${name}: ${value.toFixed(2)}${unit} (goal <= ${goal}${unit}): ${met ? "met" : "NOT met"}`);
};

function startDaemon(world) {
  const args = [ao, "start", "--foreground", "--json", "--config", world.config];
  const child = spawn(process.execPath, args, { env: world.env, stdio: ["ignore", "pipe", "ignore"] });
  const kill = () => child.kill("SIGKILL");
  process.on("exit", kill);
  return new Promise((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (chunk) => {
      out += chunk;
      try {
        resolve({ child, info: JSON.parse(out), token: readFileSync(world.tokenFile, "utf8").trim() });
      } catch {
        // not the whole document yet
      }
    });
    child.on("exit", (code) => reject(new Error(`daemon exited ${code}`)));
  });
}

async function stopDaemon(daemon) {
  const exited = new Promise((resolve) => daemon.child.on("exit", resolve));
  daemon.child.kill("SIGTERM");
  await exited;
}

/** One cycle through the daemon's queue (a connection of its own each time); its report. */
async function cycle(daemon) {
  const text = await new Promise((resolve, reject) => {
    const post = request(
      {
        host: "127.0.0.1",
        port: daemon.info.port,
        method: "POST",
        path: "/cycle",
        agent: false,
        headers: { authorization: `Bearer ${daemon.token}`, "content-length": 0 },
      },
      (answer) => {
        let body = "";
        answer.on("data", (chunk) => (body += chunk));
        answer.on("end", () => resolve(body));
        answer.on("error", reject);
      },
    );
    post.on("error", reject);
    post.end();
  });
  const { report } = JSON.parse(text);
  if (report.errors.length > 0) throw new Error(`cycle errors: ${report.errors.join("; ")}`);
  return report;
}

/** utime+stime and cutime+cstime of a process, in seconds (fields 14–17 of /proc/<pid>/stat). */
function cpuSeconds(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat
    .slice(stat.lastIndexOf(")") + 2)
    .split(" ")
    .map(Number);
  const hz = 100; // USER_HZ on Linux
  return { own: (fields[11] + fields[12]) / hz, children: (fields[13] + fields[14]) / hz };
}

function memory(pid) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kib = (key) => Number(new RegExp(`^${key}:\\s+(\\d+)`, "m").exec(status)?.[1] ?? NaN);
  return { rss: kib("VmRSS") / 1024, peak: kib("VmHWM") / 1024 };
}

const statusOf = (world) => () => timeOnce([process.execPath, ao, "status", "--json"], world.options);

async function steadyCycles(world, daemon) {
  const first = await cycle(daemon);
  say(`first cycle after the start (every session looked at): ${first.durationMs} ms`);
  const cycleMs = [];
  const statusMs = [];
  const status = statusOf(world);
  status();
  for (let round = 0; round < cycles; round++) {
    cycleMs.push((await cycle(daemon)).durationMs);
    if (round < runs) statusMs.push(status());
  }
  return { cycle: median(cycleMs), status: median(statusMs), max: Math.max(...cycleMs) };
}

async function cpuWindow(daemon) {
  const before = cpuSeconds(daemon.child.pid);
  const started = Date.now();
  await sleep(minutes * 60_000);
  const after = cpuSeconds(daemon.child.pid);
  const wall = (Date.now() - started) / 1000;
  return { own: (after.own - before.own) / wall, children: (after.children - before.children) / wall };
}

const smallWorld = makeFleet("s");
const world = makeFleet("l");
try {
  process.stderr.write(`spawning ${small} + ${sessions} sessions…\n`);
  await spawnSessions(smallWorld, 0, small);
  await spawnSessions(world, 0, sessions);
  let daemon = await startDaemon(world);
  const [load] = loadavg();
  say(`machine: ${availableParallelism()} cores, load average ${load.toFixed(1)} (1 min) at the start`);
  const steady = await steadyCycles(world, daemon);
  say(
    `${sessions} sessions, nothing changing: steady cycle median ${steady.cycle.toFixed(0)} ms (max ${steady.max} ms, ${cycles} cycles); ao status --json median ${steady.status.toFixed(0)} ms (${runs} runs, interleaved)`,
  );
  judge(`steady cycle / ao status --json at ${sessions}`, steady.cycle / steady.status, 1, "x");
  const cpu = await cpuWindow(daemon);
  say(
    `daemon CPU over ${minutes} min, ${sessions} idle sessions, 30 s poll: ${(cpu.own * 100).toFixed(2)} % of a core (its reaped children: ${(cpu.children * 100).toFixed(2)} %)`,
  );
  judge(`daemon CPU (% of a core)`, cpu.own * 100, 2, " %");
  if (large > sessions) {
    await stopDaemon(daemon);
    process.stderr.write(`spawning ${large - sessions} more sessions…\n`);
    await spawnSessions(world, sessions, large);
    daemon = await startDaemon(world);
    for (let n = 0; n < 3; n++) await cycle(daemon);
    const mem = memory(daemon.child.pid);
    say(
      `daemon with ${large} sessions after 3 cycles: RSS ${mem.rss.toFixed(0)} MB (peak ${mem.peak.toFixed(0)} MB)`,
    );
    judge(`daemon RSS at ${large} sessions (MB)`, mem.rss, 300, " MB");
    const big = [];
    const few = [];
    for (let round = 0; round < runs + 2; round++) {
      const a = statusOf(smallWorld)();
      const b = statusOf(world)();
      if (round < 2) continue;
      few.push(a);
      big.push(b);
    }
    say(
      `ao status --json: ${small} sessions ${median(few).toFixed(0)} ms, ${large} sessions ${median(big).toFixed(0)} ms (${runs} runs each, interleaved)`,
    );
    judge(`ao status at ${large} / at ${small}`, median(big) / median(few), 3, "x");
  }
  await stopDaemon(daemon);
  const [endLoad] = loadavg();
  say(`load average ${endLoad.toFixed(1)} (1 min) at the end`);
  say(`\ngoals: ${verdicts.every(Boolean) ? "all met" : "NOT all met"}`);
  process.exitCode = verdicts.every(Boolean) ? 0 : 1;
} finally {
  smallWorld.dispose();
  world.dispose();
}
