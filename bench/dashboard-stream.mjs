// Bytes per dashboard page per minute (issue 27): what one open page's event stream receives from
// the daemon with 100 sessions under a 2 s poll, idle and with a few sessions changing, sent as
// changes (today's stream) against a snapshot of the whole fleet after every change or cycle (the
// stream before issue 27, the baseline, measured in the same run).
//
// Real: the built `ao` (dist/), its daemon with its cycles and HTTP server, SQLite. The sessions are
// rows (runtime `process`, no agents: the stream reads the store only). Change-only is the bytes the
// daemon's stream sends to one page. The baseline is what the old stream sent for the same run: one
// `fleet` message of the whole view per burst the store feed saw, plus the same event messages. Its
// bursts are counted by a store feed in this process (dist/web/server/store-feed.js, as the daemon
// runs it; the daemon's own also wakes when a diff size changes, so the count is a lower bound) and
// each is costed at the size of the snapshot a fresh page gets at the start of the phase.
// Run: npm run build && node bench/dashboard-stream.mjs [--seconds 60] [--sessions 100] [--changing 5]
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath, pathToFileURL } from "node:url";
import { openStream, sessionCookie } from "./lib/event-stream.mjs";

const flag = (name, fallback) => {
  const index = process.argv.indexOf(name);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
};
const seconds = flag("--seconds", 60);
const sessions = flag("--sessions", 100);
const changing = flag("--changing", 5);
const CHANGE_EVERY_MS = 2_000;

const root = fileURLToPath(new URL("..", import.meta.url));
const AO = join(root, "bin", "ao.js");
const load = (path) => import(pathToFileURL(join(root, "dist", path)).href);
const store = await load("core/store/index.js");
const { createStoreFeed } = await load("web/server/store-feed.js");

function makeWorld() {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), "ao-stream-")));
  const home = join(dir, "h");
  const repo = join(dir, "repo");
  mkdirSync(repo);
  mkdirSync(home, { recursive: true });
  writeFileSync(
    join(dir, "agent-orchestrator.yaml"),
    `port: 0\ndaemon:\n  pollInterval: 2s\nprojects:\n  app:\n    path: ${repo}\n    runtime: process\n`,
  );
  const db = store.openStore({
    paths: { home, database: join(home, "ao.db") },
    clock: { now: () => Date.now() },
  });
  store.writeTransaction(db, (tx) => {
    for (let n = 1; n <= sessions; n++) {
      const id = `app-${n}`;
      const spawner = { pid: 4_194_305, host: hostname() };
      const payload = {
        branch: `feat/${id}`,
        issue: null,
        runtime: "process",
        agent: "claude-code",
        spawner,
      };
      const row = { id, project: "app", branch: `feat/${id}`, worktree: join(dir, id), runtime: "process" };
      store.insertSession(
        tx,
        { ...row, agent: "claude-code", status: "working" },
        { type: "session.created", payload },
      );
    }
  });
  return {
    dir,
    db,
    config: join(dir, "agent-orchestrator.yaml"),
    env: { ...process.env, AO_HOME: home, NO_COLOR: "1" },
  };
}

function startDaemon(world) {
  const args = [AO, "start", "--foreground", "--json", "--config", world.config];
  const child = spawn(process.execPath, args, { env: world.env, stdio: ["ignore", "pipe", "ignore"] });
  process.on("exit", () => child.kill("SIGKILL"));
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

/** Flips a status of one of the first `changing` sessions every CHANGE_EVERY_MS, as a cycle would. */
async function changeSessions(ms) {
  for (let n = 0, until = Date.now() + ms; Date.now() < until; n++) {
    const id = `app-${(n % changing) + 1}`;
    const from = store.getSession(world.db, id).status;
    const to = from === "ci_failed" ? "working" : "ci_failed";
    const event = { type: "session.status", payload: { from, to, reason: "bench" } };
    store.writeTransaction(world.db, (tx) =>
      store.updateSession(tx, id, { status: to, reason: "bench" }, event),
    );
    await sleep(CHANGE_EVERY_MS);
  }
}

/** One phase: a page connects, then `act` runs for `seconds`; bytes counted after the snapshot. */
async function phase(name, port, cookie, act) {
  const page = await openStream(port, cookie);
  await page.until(() => page.snapshotBytes > 0);
  const feed = createStoreFeed(
    { store: world.db, projects: [], watchedProject: undefined },
    { now: Date.now },
  );
  let bursts = 0;
  const follower = feed.subscribe(() => bursts++);
  page.reset();
  await act(seconds * 1000);
  follower.unsubscribe();
  page.close();
  const perMinute = (bytes) => (bytes * 60) / seconds;
  const changeOnly = perMinute(page.bytes);
  const baseline = perMinute(bursts * page.snapshotBytes + page.eventBytes);
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB/min`;
  console.log(
    `${name}: change-only ${kb(changeOnly)} (${page.fleetMessages} fleet patches, ${page.comments} keep-alives, events ${kb(perMinute(page.eventBytes))}); ` +
      `snapshot per burst (baseline) ${kb(baseline)} (${bursts} bursts × ${(page.snapshotBytes / 1024).toFixed(1)} KB); ` +
      (changeOnly > 0
        ? `ratio baseline/change-only ${(baseline / changeOnly).toFixed(0)}x`
        : "change-only sent nothing"),
  );
}

const world = makeWorld();
try {
  const daemon = await startDaemon(world);
  const { port, url } = daemon.info;
  const cookie = await sessionCookie(port, new URL(url).hash.slice("#token=".length));
  await sleep(3_000); // the first cycle settles the rows (it may mark agentless sessions exited)
  console.log(`sessions ${sessions}, daemon poll 2 s, one page, ${seconds} s per phase`);
  await phase("idle", port, cookie, (ms) => sleep(ms));
  await phase(`${changing} sessions changing, one change per 2 s`, port, cookie, changeSessions);
  daemon.child.kill("SIGTERM");
  await new Promise((resolve) => daemon.child.on("exit", resolve));
} finally {
  store.closeStore(world.db);
  rmSync(world.dir, { recursive: true, force: true });
}
