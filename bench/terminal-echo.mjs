// Keystroke-to-echo latency of the dashboard's terminal bridge against tmux itself, in one run:
//   bridge:   POST /api/sessions/:id/terminal/input (JSON, base64) → the shared `tmux -C` client's
//             `send-keys -H` → the pane echoes → `%output` → the SSE stream's `output` message
//   baseline: `tmux send-keys -l` (a process per key), then `tmux capture-pane -p` until the key
//             shows (what a bridge without control mode would do)
// Both type into the same pane (`cat` in raw mode echoes each byte), interleaved, so machine load
// affects both alike; the ratio is what to read. Real tmux, the real store, the real HTTP server.
// Run: node bench/terminal-echo.mjs [--samples 30]
import { execFileSync } from "node:child_process";
import { mkdtempSync, realpathSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { median, percentile } from "./lib/measure.mjs";
import { loadTestModules } from "./lib/test-modules.mjs";

const samples = Number(process.argv[process.argv.indexOf("--samples") + 1]) || 30;
const m = await loadTestModules(
  {
    "src/core/context.ts": ["createNodeContext"],
    "src/plugins/builtin-catalog.ts": ["builtinCatalog"],
    "src/plugins/runtime/tmux.ts": ["createTmuxRuntime"],
    "src/plugins/runtime/_shared/plugin-options.ts": ["tmuxRuntimeOptions"],
    "src/core/store/index.ts": ["openStore", "closeStore", "insertSession", "writeTransaction"],
    "src/core/terminal/pane-hub.ts": ["createPaneHub"],
    "src/core/terminal/session-pane.ts": ["sessionPaneDeps"],
    "src/web/terminal/terminal-routes.ts": ["terminalRoutes"],
    "src/core/http/index.ts": ["startHttpServer", "hasBearerToken"],
  },
  { withPackages: true },
);

const home = realpathSync(mkdtempSync(join(tmpdir(), "ao-bench-term-")));
const env = { ...process.env, AO_HOME: home, TMUX: undefined, TMUX_PANE: undefined };
const quiet = { write: () => true };
const ctx = m.createNodeContext({ env, cwd: home, catalog: m.builtinCatalog, stdout: quiet, stderr: quiet });
const socket = join(home, "tmux.sock");
const tmux = (args) =>
  execFileSync("tmux", ["-S", socket, ...args], { encoding: "utf8", env: { ...env, TMUX: "" } });
let server;
try {
  const runtime = m.createTmuxRuntime(
    { ...ctx, baseDir: home },
    m.tmuxRuntimeOptions.parse({ width: 200, height: 50 }),
  );
  const argv = ["sh", "-c", "stty raw -echo; exec cat"];
  const handle = await runtime.create({ sessionId: "b-1", cwd: home, argv, env: {} });
  const store = m.openStore(ctx);
  m.writeTransaction(store, (tx) =>
    m.insertSession(
      tx,
      {
        id: "b-1",
        project: "bench",
        branch: "b",
        worktree: home,
        runtime: "tmux",
        runtimeHandle: handle,
        agent: "bench",
        status: "working",
      },
      {
        type: "session.created",
        payload: {
          branch: "b",
          issue: null,
          runtime: "tmux",
          agent: "bench",
          spawner: { pid: 1, host: "bench" },
        },
      },
    ),
  );
  m.closeStore(store);
  const token = "b".repeat(64);
  const routes = m
    .terminalRoutes(ctx, m.createPaneHub(m.sessionPaneDeps(ctx)))
    .map((route) => ({ ...route, auth: "token" }));
  server = await m.startHttpServer({
    port: 0,
    routes: [{ owner: "terminal", routes }],
    authorize: (r) => m.hasBearerToken(r, token),
    log: console,
  });
  const base = `http://127.0.0.1:${server.port}/api/sessions/b-1/terminal`;
  const headers = { authorization: `Bearer ${token}` };
  const stream = await openStream(`${base}/stream`, headers);
  const viewer = (await stream.next("viewer")).viewer;
  await stream.next("screen");
  const { controlId } = await post(`${base}/control`, headers, { viewer });

  const keys = "abcdefghijklmnopqrstuvwxyz";
  const bridge = async (key) => {
    stream.output = "";
    const start = performance.now();
    await post(`${base}/input`, headers, { controlId, data: Buffer.from(key).toString("base64") });
    await until(() => stream.output.includes(key));
    return performance.now() - start;
  };
  const direct = async (key) => {
    const count = () => tmux(["capture-pane", "-p", "-t", "=b-1:0.0"]).split(key).length;
    const before = count();
    const start = performance.now();
    tmux(["send-keys", "-t", "=b-1:0.0", "-l", key]);
    while (count() === before);
    return performance.now() - start;
  };
  const results = { "tmux send-keys + capture-pane": [], "bridge (POST → SSE)": [] };
  for (let round = 0; round < samples + 3; round++) {
    const key = keys[round % keys.length];
    const a = await direct(key);
    const b = await bridge(key);
    if (round < 3) continue;
    results["tmux send-keys + capture-pane"].push(a);
    results["bridge (POST → SSE)"].push(b);
  }
  const baseline = median(results["tmux send-keys + capture-pane"]);
  console.log(`terminal keystroke-to-echo, ${samples} samples each, interleaved`);
  for (const [name, values] of Object.entries(results))
    console.log(
      `${name.padEnd(32)} median ${median(values).toFixed(1).padStart(6)} ms  p90 ${percentile(values, 90).toFixed(1).padStart(6)} ms  ${(median(values) / baseline).toFixed(2)}x`,
    );
  stream.close();
} finally {
  await server?.close();
  try {
    tmux(["kill-server"]);
  } catch {
    // the server may already be gone
  }
  rmSync(home, { recursive: true, force: true });
}

async function until(check) {
  while (!check()) await new Promise((resolve) => setImmediate(resolve));
}

function post(url, headers, body) {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: "POST", headers: { ...headers, "content-type": "application/json" } },
      (res) => {
        let text = "";
        res.on("data", (c) => (text += c));
        res.on("end", () =>
          res.statusCode === 200
            ? resolve(JSON.parse(text))
            : reject(new Error(`${url}: ${res.statusCode} ${text}`)),
        );
      },
    );
    req.on("error", reject);
    req.end(JSON.stringify(body));
  });
}

function openStream(url, headers) {
  return new Promise((resolve, reject) => {
    const waiting = [];
    const stream = {
      output: "",
      messages: [],
      close: () => req.destroy(),
      next: (event) =>
        new Promise((r) => {
          const seen = stream.messages.findIndex((message) => message.event === event);
          if (seen >= 0) r(stream.messages.splice(seen, 1)[0].data);
          else waiting.push({ event, r });
        }),
    };
    const req = request(url, { headers }, (res) => {
      let rest = "";
      res.on("data", (chunk) => {
        const parts = (rest + chunk).split("\n\n");
        rest = parts.pop();
        for (const part of parts) {
          const event = /^event: (.*)$/m.exec(part)?.[1];
          const data = /^data: (.*)$/m.exec(part)?.[1];
          if (!event || !data) continue;
          const message = JSON.parse(data);
          if (event === "output") stream.output += Buffer.from(message.data, "base64").toString("latin1");
          const at = waiting.findIndex((w) => w.event === event);
          if (at >= 0) waiting.splice(at, 1)[0].r(message);
          else if (event !== "output") stream.messages.push({ event, data: message });
        }
      });
      resolve(stream);
    });
    req.on("error", reject);
    req.end();
  });
}
