// The dashboard's server under a fleet (issue 12): the daemon's memory (RSS) with 50 sessions and 5
// open event streams over a run of writes, against the same daemon without the dashboard as the
// baseline, and the latency from a store write (another process's, as `ao send` writes) to the
// event on every stream. Goals: RSS flat and under 150 MB; event-to-stream well under 1 s (the
// original re-listed every 5 s).
//
// Real: the built `ao` (dist/), its daemon and HTTP server, SQLite. The 50 sessions are rows (no
// agents: the server reads the store only, that is what is measured); the writer is this process,
// through the same store module the CLI uses (dist/core/store, built by tsc).
// Run: npm run build && node bench/dashboard-server.mjs [--seconds 60] [--sessions 50] [--streams 5]
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath, pathToFileURL } from "node:url";
import { median } from "./lib/measure.mjs";

const flag = (name, fallback) => {
  const index = process.argv.indexOf(name);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
};
const seconds = flag("--seconds", 60);
const sessions = flag("--sessions", 50);
const streams = flag("--streams", 5);
const WRITE_EVERY_MS = 200;

const root = fileURLToPath(new URL("..", import.meta.url));
const AO = join(root, "bin", "ao.js");
const store = await import(pathToFileURL(join(root, "dist", "core", "store", "index.js")).href);

function makeWorld() {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), "ao-dash-")));
  const home = join(dir, "h");
  const repo = join(dir, "repo");
  mkdirSync(repo);
  writeFileSync(
    join(dir, "agent-orchestrator.yaml"),
    `port: 0\ndaemon:\n  pollInterval: 30s\nprojects:\n  app:\n    path: ${repo}\n    runtime: process\n`,
  );
  const ctx = { paths: { home, database: join(home, "ao.db") }, clock: { now: () => Date.now() } };
  mkdirSync(home, { recursive: true });
  const db = store.openStore(ctx);
  for (let n = 1; n <= sessions; n++) {
    const id = `app-${n}`;
    const payload = {
      branch: `feat/${id}`,
      issue: null,
      runtime: "process",
      agent: "claude-code",
      spawner: { pid: 4_194_305, host: "bench" },
    };
    store.writeTransaction(db, (tx) =>
      store.insertSession(
        tx,
        {
          id,
          project: "app",
          branch: `feat/${id}`,
          worktree: join(dir, id),
          runtime: "process",
          agent: "claude-code",
          status: "working",
        },
        { type: "session.created", payload },
      ),
    );
  }
  return { dir, home, db, env: { ...process.env, AO_HOME: home, NO_COLOR: "1" } };
}

/** Every daemon this run started, ended on the way out whatever happens (a failed run leaves none). */
const children = new Set();
process.on("exit", () => {
  for (const child of children) child.kill("SIGKILL");
});

function startDaemon(world, args) {
  const child = spawn(
    process.execPath,
    [AO, "start", "--foreground", "--json", "--config", join(world.dir, "agent-orchestrator.yaml"), ...args],
    {
      env: world.env,
      stdio: ["ignore", "pipe", "ignore"],
    },
  );
  children.add(child);
  child.on("exit", () => children.delete(child));
  return new Promise((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (chunk) => {
      out += chunk;
      try {
        resolve({ child, info: JSON.parse(out) });
      } catch {
        // not the whole document yet
      }
    });
    child.on("exit", (code) => reject(new Error(`daemon exited ${code}`)));
  });
}

function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024;
}

function post(port, path, body) {
  return new Promise((resolve, reject) => {
    const text = JSON.stringify(body);
    const req = request(
      {
        host: "127.0.0.1",
        port,
        method: "POST",
        path,
        headers: {
          host: `127.0.0.1:${port}`,
          origin: `http://127.0.0.1:${port}`,
          "content-type": "application/json",
        },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(String(res.headers["set-cookie"]?.[0] ?? "").split(";")[0]));
      },
    );
    req.on("error", reject);
    req.end(text);
  });
}

/** One open stream; records when each event id arrived. */
function openStream(port, cookie, arrivals) {
  const req = request(
    { host: "127.0.0.1", port, path: "/events", headers: { host: `127.0.0.1:${port}`, cookie } },
    (res) => {
      let buffer = "";
      res.on("data", (chunk) => {
        const now = Date.now();
        buffer += chunk;
        let end;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const id = /^id: (\d+)$/m.exec(block)?.[1];
          if (id !== undefined) arrivals.push({ id: Number(id), at: now });
        }
      });
    },
  );
  req.end();
  return req;
}

/** Writes one status change every WRITE_EVERY_MS for `ms`, sampling RSS each second; returns samples. */
async function load(world, pid, ms, written) {
  const samples = [];
  const until = Date.now() + ms;
  let n = 0;
  let nextSample = Date.now();
  while (Date.now() < until) {
    const id = `app-${(n % sessions) + 1}`;
    const [from, to] =
      Math.floor(n / sessions) % 2 === 0 ? ["working", "ci_failed"] : ["ci_failed", "working"];
    const at = Date.now();
    const event = store.writeTransaction(world.db, (tx) =>
      store.updateSession(
        tx,
        id,
        { status: to, reason: "bench" },
        { type: "session.status", payload: { from, to, reason: "bench" } },
      ),
    );
    void event;
    written.push(at);
    n++;
    if (Date.now() >= nextSample) {
      samples.push(rssMb(pid));
      nextSample += 1000;
    }
    await sleep(WRITE_EVERY_MS);
  }
  return samples;
}

const fmt = (values) =>
  `first 10 s median ${median(values.slice(0, 10)).toFixed(1)} MB, last 10 s median ${median(values.slice(-10)).toFixed(1)} MB, max ${Math.max(...values).toFixed(1)} MB`;

const world = makeWorld();
try {
  // Baseline: the same daemon and load without the dashboard.
  const base = await startDaemon(world, ["--no-dashboard"]);
  const baseSamples = await load(world, base.child.pid, (seconds * 1000) / 2, []);
  base.child.kill("SIGTERM");
  await new Promise((resolve) => base.child.on("exit", resolve));

  const dash = await startDaemon(world, []);
  const { port, url } = dash.info;
  const cookie = await post(port, "/api/session-cookie", {
    token: new URL(url).hash.slice("#token=".length),
  });
  const arrivals = Array.from({ length: streams }, () => []);
  const requests = arrivals.map((list) => openStream(port, cookie, list));
  await sleep(500);
  const written = [];
  const before = arrivals[0].length;
  const dashSamples = await load(world, dash.child.pid, seconds * 1000, written);
  await sleep(1000);
  const latencies = [];
  for (const list of arrivals) {
    const live = list.slice(before);
    live.forEach((arrival, index) => {
      if (written[index] !== undefined) latencies.push(arrival.at - written[index]);
    });
  }
  for (const req of requests) req.destroy();
  dash.child.kill("SIGTERM");
  await new Promise((resolve) => dash.child.on("exit", resolve));

  const sorted = [...latencies].sort((a, b) => a - b);
  const p95 = sorted[Math.floor(sorted.length * 0.95)] ?? NaN;
  const dashLast = median(dashSamples.slice(-10));
  const baseLast = median(baseSamples.slice(-10));
  console.log(`sessions ${sessions}, streams ${streams}, one store write every ${WRITE_EVERY_MS} ms`);
  console.log(`baseline (no dashboard, ${baseSamples.length} s): RSS ${fmt(baseSamples)}`);
  console.log(`dashboard + ${streams} streams (${dashSamples.length} s): RSS ${fmt(dashSamples)}`);
  console.log(`ratio dashboard/baseline (last 10 s medians): ${(dashLast / baseLast).toFixed(2)}`);
  const growth = dashLast - median(dashSamples.slice(0, 10));
  console.log(
    `growth over the run: ${growth.toFixed(1)} MB; under 150 MB: ${Math.max(...dashSamples) <= 150 ? "met" : "NOT met"}`,
  );
  console.log(
    `event-to-stream latency over ${latencies.length} deliveries: median ${median(latencies).toFixed(0)} ms, p95 ${p95} ms (goal < 1000 ms; the original re-listed every 5000 ms: ${(5000 / median(latencies)).toFixed(0)}x faster)`,
  );
  const missing = written.length * streams - latencies.length;
  console.log(`events written ${written.length}, missing on some stream: ${missing}`);
} finally {
  store.closeStore(world.db);
  rmSync(world.dir, { recursive: true, force: true });
}
