// The control plane's cost (issue 13), measured against baselines in the same run:
// (a) `send_async` over MCP until the worker's turn starts (the fake agent received the message),
//     against `ao send` of the same text to the same worker (a new `ao` process per send), as a ratio;
// (b) one `wait_turn` poll (on an ended turn: the answer is there, so this is pure overhead),
//     against a bare MCP ping round trip on the same connection.
// Everything is real but the model: the built `ao` (dist/), its daemon, the stdio bridge, tmux, git,
// SQLite, the official SDK client, and the fake claude (test/fixtures/bin) as the worker, which
// connects to the `ao mcp --worker` it was handed. Arrival is read from the fake's input log.
// Run: npm run build && node bench/control-plane.mjs [--samples 8] [--polls 40]
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, writeFileSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { median } from "./lib/measure.mjs";

const flag = (name, fallback) => {
  const index = process.argv.indexOf(name);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
};
const samples = flag("--samples", 8);
const polls = flag("--polls", 40);

const root = fileURLToPath(new URL("..", import.meta.url));
const AO = join(root, "bin", "ao.js");
const FAKE_BIN = join(root, "test", "fixtures", "bin");
const GIT_ENV = { ...process.env, GIT_AUTHOR_NAME: "b", GIT_AUTHOR_EMAIL: "b@ao.invalid" };
Object.assign(GIT_ENV, { GIT_COMMITTER_NAME: "b", GIT_COMMITTER_EMAIL: "b@ao.invalid" });

/** Waits for `check` to give a value (a hang guard, not part of any figure). */
async function until(check, what, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(5);
  }
}

function makeWorld() {
  // Short: the tmux socket path must stay under ~104 bytes.
  const dir = realpathSync(mkdtempSync(join(tmpdir(), "ao-cp-")));
  const repo = join(dir, "repo");
  const configDir = join(dir, "cfg");
  const userHome = join(dir, "u");
  for (const path of [repo, configDir, userHome]) mkdirSync(path);
  execFileSync("git", ["init", "-q", "--initial-branch=main", repo], { env: GIT_ENV });
  writeFileSync(join(repo, "README.md"), "bench\n");
  execFileSync("git", ["-C", repo, "add", "."], { env: GIT_ENV });
  execFileSync("git", ["-C", repo, "commit", "-qm", "init"], { env: GIT_ENV });
  writeFileSync(
    join(configDir, "agent-orchestrator.yaml"),
    `port: 0\ncontrolPlane:\n  enabled: true\nprojects:\n  app:\n    path: ${repo}\n`,
  );
  const inputLog = join(userHome, "input.log");
  const mcpLog = join(userHome, "mcp.jsonl");
  const env = {
    AO_HOME: join(dir, "h"),
    HOME: userHome,
    PATH: `${FAKE_BIN}:${process.env.PATH ?? ""}`,
    NO_COLOR: "1",
    FAKE_AGENT_WORK_MS: "200",
    FAKE_AGENT_INPUT_LOG: inputLog,
    FAKE_AGENT_MCP_LOG: mcpLog,
  };
  const ao = (args) => {
    const result = spawnSync(process.execPath, [AO, ...args], { cwd: configDir, env, encoding: "utf8" });
    if (result.status !== 0) throw new Error(`ao ${args.join(" ")}: ${result.stderr}`);
    return result.stdout;
  };
  const arrived = (text) => existsSync(inputLog) && readFileSync(inputLog, "utf8").includes(text);
  const connected = () => existsSync(mcpLog) && readFileSync(mcpLog, "utf8").includes('"connected"');
  return { dir, env, configDir, ao, arrived, connected };
}

async function commander(world) {
  world.ao(["mcp", "tokens", "create", "bench"]);
  const client = new Client({ name: "bench", version: "0.0.0" });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [AO, "mcp"],
      cwd: world.configDir,
      env: {
        ...world.env,
        AO_COMMANDER_TOKEN_FILE: join(world.env.AO_HOME, "control", "commanders", "bench.token"),
      },
      stderr: "ignore",
    }),
  );
  return client;
}

async function tool(client, name, args) {
  const result = await client.callTool({ name, arguments: args }, undefined, { timeout: 120_000 });
  if (result.isError) throw new Error(`${name}: ${JSON.stringify(result.content)}`);
  return result.structuredContent;
}

/** Until the worker's open turn ended: the next sample starts from an idle agent. */
async function settle(client, turnId) {
  let answer = await tool(client, "wait_turn", { turn_id: turnId, wait_s: 10 });
  while (answer.status === "running")
    answer = await tool(client, "wait_turn", { turn_id: turnId, wait_s: 10 });
}

async function lastTurnId(world, session) {
  const turns = JSON.parse(world.ao(["turns", session, "--json"])).turns;
  return turns.at(-1).id;
}

const world = makeWorld();
const client = await commander(world);
try {
  const { session_id: session } = await tool(client, "open_session", { agent: "claude-code" });
  await until(() => (world.connected() ? true : undefined), "the worker's MCP connection");
  await sleep(1000);

  const viaMcp = [];
  const viaCli = [];
  for (let round = 0; round < samples; round++) {
    const mcpText = `bench mcp ${round} ${Date.now()}`;
    let start = performance.now();
    const { turn_id } = await tool(client, "send_async", { session_id: session, message: mcpText });
    await until(() => (world.arrived(mcpText) ? true : undefined), "the MCP message");
    viaMcp.push(performance.now() - start);
    await settle(client, turn_id);

    const cliText = `bench cli ${round} ${Date.now()}`;
    start = performance.now();
    const child = spawnSync(process.execPath, [AO, "send", session, cliText], {
      cwd: world.configDir,
      env: world.env,
    });
    if (child.status !== 0) throw new Error(`ao send: ${child.stderr}`);
    await until(() => (world.arrived(cliText) ? true : undefined), "the CLI message");
    viaCli.push(performance.now() - start);
    await settle(client, await lastTurnId(world, session));
  }

  const ended = await lastTurnId(world, session);
  const pollMs = [];
  const pingMs = [];
  for (let round = 0; round < polls; round++) {
    let start = performance.now();
    await client.ping();
    pingMs.push(performance.now() - start);
    start = performance.now();
    await tool(client, "wait_turn", { turn_id: ended, wait_s: 0 });
    pollMs.push(performance.now() - start);
  }

  const mcp = median(viaMcp);
  const cli = median(viaCli);
  console.log(`send_async → turn starts: median ${mcp.toFixed(0)} ms (${samples} samples)`);
  console.log(`ao send     → turn starts: median ${cli.toFixed(0)} ms`);
  console.log(`ratio send_async / ao send: ${(mcp / cli).toFixed(2)}`);
  const poll = median(pollMs);
  const ping = median(pingMs);
  console.log(`wait_turn (ended turn): median ${poll.toFixed(1)} ms; MCP ping: median ${ping.toFixed(1)} ms`);
  console.log(`overhead of one wait_turn poll over a ping: ${(poll - ping).toFixed(1)} ms (${polls} polls)`);
  console.log(`load average (1 min) ${loadavg()[0].toFixed(2)} on ${availableParallelism()} cores`);
} finally {
  await client.close().catch(() => undefined);
  spawnSync(process.execPath, [AO, "stop"], { cwd: world.configDir, env: world.env });
  // The worker's pane outlives the daemon: end this run's tmux server (its own socket) too.
  spawnSync("tmux", ["-S", join(world.env.AO_HOME, "tmux.sock"), "kill-server"], { stdio: "ignore" });
}
