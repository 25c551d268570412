// The dashboard in a real headless chromium (Debian's /usr/bin/chromium, or AO_CHROMIUM), against
// the built `ao start` (its daemon serves the page). Two figures, each against a baseline measured
// in the same run, interleaved:
// (1) event-to-screen latency: a store event (appended to the daemon's database, as any ao command
//     would) until the open session page's DOM shows it; baseline: the same event read off the same
//     /events stream by a plain node client. Goal (issue 12): under 1 s (the original re-lists every 5 s).
// (2) first paint of the fleet page with 50 sessions, page load until every card is on screen;
//     baseline: the same page with an empty fleet.
// The sessions are rows written straight into the store (runtime `process`, no agent running): the
// page draws the same cards for them, and 50 real agents would measure tmux, not the page.
// Run: npm run build && node bench/dashboard.mjs [--samples 15] [--sessions 50]
/* global document -- the waitForFunction callbacks run in the page */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { chromium } from "playwright-core";
import { median, report } from "./lib/measure.mjs";
import { ao, makeWorld } from "./lib/session-world.mjs";
import { loadTestModules } from "./lib/test-modules.mjs";

const flag = (name, fallback) => {
  const index = process.argv.indexOf(name);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
};
const samples = flag("--samples", 15);
const sessions = flag("--sessions", 50);
const CHROMIUM = process.env.AO_CHROMIUM ?? "/usr/bin/chromium";
if (!existsSync(CHROMIUM)) {
  console.log(`bench/dashboard.mjs: skipped, no chromium at ${CHROMIUM} (apt-get install chromium)`);
  process.exit(0);
}

const store = await loadTestModules({
  "src/core/store/index.ts": ["openStore", "closeStore", "insertSession", "writeTransaction", "appendEvent"],
  "src/core/paths.ts": ["aoPaths"],
  "test/helpers/events.ts": ["sessionCreated", "statusChanged"],
});

/** Writes into the daemon's database the way an ao command does (one write transaction). */
function withStore(home, write) {
  const db = store.openStore({ paths: store.aoPaths(home), clock: { now: () => Date.now() } });
  try {
    return store.writeTransaction(db, write);
  } finally {
    store.closeStore(db);
  }
}

function addSessions(world, count) {
  withStore(world.home, (tx) => {
    for (let i = 1; i <= count; i++) {
      const branch = `feat/bench-${i}`;
      const row = { id: `bench-${i}`, project: "bench", branch, runtime: "process", agent: "claude-code" };
      const worktree = join(world.home, "nowhere", row.id);
      store.insertSession(tx, { ...row, worktree, status: "working" }, store.sessionCreated({ branch }));
    }
  });
}

/** A world whose daemon (and dashboard) runs, with `count` sessions in its store. */
function startWorld(count) {
  const world = makeWorld();
  const config = join(world.configDir, "agent-orchestrator.yaml");
  writeFileSync(config, `port: 0\ndaemon:\n  pollInterval: 1h\n${readFileSync(config, "utf8")}`);
  addSessions(world, count);
  const started = JSON.parse(world.ao(["start", "--json"]));
  const url = started.url ?? started.dashboard?.url;
  if (typeof url !== "string")
    throw new Error(`ao start --json printed no dashboard url: ${JSON.stringify(started)}`);
  return {
    world,
    url,
    origin: new URL(url).origin,
    token: new URLSearchParams(new URL(url).hash.replace(/^#\/?\??/, "")).get("token"),
  };
}

function stopWorld({ world }) {
  spawnSync(process.execPath, [ao, "stop"], world.options);
  world.dispose();
}

/** The /events stream read by node: resolves each awaited event id with the time it arrived. */
async function nodeStream(origin, cookie) {
  const waiting = new Map();
  const response = await fetch(`${origin}/events`, {
    headers: { Cookie: cookie, Accept: "text/event-stream" },
  });
  if (!response.ok) throw new Error(`/events answered ${response.status}`);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    let buffer = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += value;
      for (const match of buffer.matchAll(/^id: ?(\d+)$/gm)) waiting.get(match[1])?.(Date.now());
      buffer = buffer.slice(buffer.lastIndexOf("\n") + 1);
    }
  })();
  return {
    arrival: (id) => new Promise((resolve) => waiting.set(String(id), resolve)),
    cancel: () => reader.cancel(),
  };
}

const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: [
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
    "--no-sandbox",
  ],
});
const full = startWorld(sessions);
const empty = startWorld(0);
try {
  // (2) first paint, interleaved: a fresh browser context (no cache, no cookie) each time.
  const paint = { "empty fleet (baseline)": [], [`fleet with ${sessions} sessions`]: [] };
  for (let round = 0; round < samples + 2; round++) {
    for (const [name, target, cards] of [
      ["empty fleet (baseline)", empty, 0],
      [`fleet with ${sessions} sessions`, full, sessions],
    ]) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const start = Date.now();
      await page.goto(target.url);
      await page.waitForFunction(
        (n) =>
          document.querySelectorAll("section.zone").length === 5 &&
          document.querySelectorAll("article.card").length === n,
        cards,
        { polling: "raf" },
      );
      if (round >= 2) paint[name].push(Date.now() - start);
      await context.close();
    }
  }
  report("first paint of the fleet page (load until every card is drawn)", paint, "empty fleet (baseline)");

  // (1) event to screen: one page on a session, one node reader on the same stream.
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(full.url.replace(/#/, "#/s/bench-1?"));
  await page.getByRole("button", { name: "Send" }).waitFor();
  const cookies = await context.cookies(full.origin);
  const reader = await nodeStream(full.origin, cookies.map((c) => `${c.name}=${c.value}`).join("; "));
  const latency = { "node SSE reader (baseline)": [], "page DOM shows it": [] };
  for (let i = 0; i < samples + 2; i++) {
    await sleep(300);
    const start = Date.now();
    const event = withStore(full.world.home, (tx) =>
      store.appendEvent(tx, {
        sessionId: "bench-1",
        ...store.statusChanged("working", "working", `bench-${i}`),
      }),
    );
    const shown = page
      .waitForFunction((text) => document.body.textContent.includes(text), `#${event.id}`, { polling: "raf" })
      .then(() => Date.now());
    const [nodeAt, pageAt] = await Promise.all([reader.arrival(event.id), shown]);
    if (i >= 2) {
      latency["node SSE reader (baseline)"].push(nodeAt - start);
      latency["page DOM shows it"].push(pageAt - start);
    }
  }
  await reader.cancel();
  report("event to screen (store append until seen)", latency, "node SSE reader (baseline)");
  console.log(
    `goal: page median under 1000 ms: ${median(latency["page DOM shows it"]) < 1000 ? "met" : "NOT met"}`,
  );
} finally {
  await browser.close();
  stopWorld(full);
  stopWorld(empty);
}
