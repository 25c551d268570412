import { spawn } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { signGitHubPayload } from "../../src/plugins/scm/github/webhook-signature.js";
import { aoPaths } from "../../src/core/paths.js";
import { closeStore, insertSession, openStore, writeTransaction } from "../../src/core/store/index.js";
import { httpRequest } from "../core/daemon/http-client.js";
import { makeTestRepo } from "../helpers/git-repo.js";
import { AO_BIN, runAo, type AoRun } from "../helpers/run-ao.js";
import { makeTempDir } from "../helpers/temp-dir.js";
import { eventually } from "./e2e-fixture.js";

const SECRET = "e2e-webhook-secret";
const started: number[] = [];

afterEach(() => {
  // A failed test must not leave a daemon behind.
  for (const pid of started.splice(0)) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
});

interface DaemonJson {
  pid: number;
  port: number;
}

function makeWorld(pollInterval = "1h") {
  const home = makeTempDir("ao-home-");
  const repo = makeTestRepo();
  const configDir = makeTempDir("ao-cfg-");
  writeFileSync(
    join(configDir, "agent-orchestrator.yaml"),
    [
      "port: 0",
      "daemon:",
      `  pollInterval: ${pollInterval}`,
      "  stopTimeout: 10s",
      "projects:",
      "  app:",
      `    path: ${repo.dir}`,
      "    repo: acme/widgets",
      "    tracker: local",
      // On GitHub, so the daemon mounts POST /webhooks/github; no test here reaches the API.
      "    scm: github",
      "",
    ].join("\n"),
  );
  const env = { AO_HOME: home, NO_COLOR: "1", AO_GITHUB_WEBHOOK_SECRET: SECRET };
  const ao = (args: string[]): AoRun => runAo(args, { cwd: configDir, env });
  const daemonJson = () => join(home, "daemon.json");
  const info = (): DaemonJson => JSON.parse(readFileSync(daemonJson(), "utf8")) as DaemonJson;
  const log = () => readFileSync(join(home, "logs", "daemon.log"), "utf8");
  const startBackground = (): DaemonJson => {
    const result = ao(["start", "--json"]);
    expect(result.exitCode, result.stderr).toBe(0);
    const json = JSON.parse(result.stdout) as DaemonJson & { log: string };
    started.push(json.pid);
    expect(json.log).toBe(join(home, "logs", "daemon.log"));
    return json;
  };
  const status = () => {
    const result = ao(["status", "--json"]);
    expect(result.exitCode, result.stderr).toBe(0);
    return JSON.parse(result.stdout) as { sessions: unknown[]; daemon: Record<string, unknown> };
  };
  return { home, repo, configDir, env, ao, daemonJson, info, log, startBackground, status };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

// Each test starts real daemons and runs the binary a dozen times; on a loaded machine that is slow.
// The timeout is a hang guard, not a benchmark.
describe("ao start / stop / status / events (built binary)", { timeout: 120_000 }, () => {
  it("starts in the background, refuses a second start, and stops gracefully", async () => {
    const world = makeWorld();
    const daemon = world.startBackground();
    expect(world.info()).toMatchObject({ pid: daemon.pid, port: daemon.port });

    const text = world.ao(["status"]);
    expect(text.stdout).toContain(`daemon: running (pid ${daemon.pid}, port ${daemon.port})`);
    const status = world.status();
    expect(status.sessions).toEqual([]);
    expect(status.daemon).toMatchObject({ running: true, pid: daemon.pid, port: daemon.port });

    const second = world.ao(["start"]);
    expect(second.exitCode).toBe(1);
    expect(second.stderr).toContain(`already running (pid ${daemon.pid})`);

    // The first cycle leaves its mark; the event log reads fine next to the running daemon.
    await eventually(() => (world.status().daemon["lastCycle"] ? true : undefined), "the first cycle");
    const events = world.ao(["events", "--json"]);
    expect(events.exitCode, events.stderr).toBe(0);
    expect(JSON.parse(events.stdout)).toEqual({ events: [] });

    const stop = world.ao(["stop", "--json"]);
    expect(stop.exitCode, stop.stderr).toBe(0);
    expect(JSON.parse(stop.stdout)).toMatchObject({ wasRunning: true, pid: daemon.pid });
    expect(existsSync(world.daemonJson())).toBe(false);
    expect(world.ao(["status"]).stdout).toContain("daemon: not running (start it with: ao start)");
    expect(world.log()).toContain("daemon stopped");
    expect(world.ao(["stop"]).stdout).toContain("daemon: not running");
  });

  it("starts again after the daemon was killed with SIGKILL, despite the stale daemon.json", async () => {
    const world = makeWorld();
    const first = world.startBackground();
    process.kill(first.pid, "SIGKILL");
    await eventually(() => (isAlive(first.pid) ? undefined : true), "the killed daemon to be gone");
    expect(existsSync(world.daemonJson())).toBe(true);
    expect(world.status().daemon).toMatchObject({ running: false });

    const second = world.startBackground();
    expect(second.pid).not.toBe(first.pid);
    expect(world.status().daemon).toMatchObject({ running: true, pid: second.pid });
    expect(world.ao(["stop"]).exitCode).toBe(0);
  });

  it("rejects a badly signed webhook and runs a cycle for a well-signed one", async () => {
    const world = makeWorld();
    const daemon = world.startBackground();
    const firstCycle = await eventually(
      () => world.status().daemon["lastCycle"] as { at: number } | undefined,
      "the first cycle",
    );
    addSession(world.home, "app-1", "feat/login");

    const body = JSON.stringify({
      repository: { full_name: "acme/widgets" },
      pull_request: { number: 4, head: { ref: "feat/login" } },
    });
    const headers = (signature: string) => ({
      "x-hub-signature-256": signature,
      "x-github-event": "pull_request",
    });
    const bad = await httpRequest(daemon.port, "POST", "/webhooks/github", {
      headers: headers(signGitHubPayload("wrong", body)),
      body,
    });
    expect(bad.status).toBe(401);
    await eventually(
      () => (world.log().includes("webhook refused: bad signature") ? true : undefined),
      "the log line",
    );
    expect(world.log()).not.toContain("feat/login");

    const good = await httpRequest(daemon.port, "POST", "/webhooks/github", {
      headers: headers(signGitHubPayload(SECRET, body)),
      body,
    });
    expect(good).toMatchObject({ status: 202, body: { sessions: ["app-1"] } });
    const after = await eventually(() => {
      const last = world.status().daemon["lastCycle"] as { at: number; sessions: number } | undefined;
      return last !== undefined && last.at > firstCycle.at ? last : undefined;
    }, "the webhook's cycle");
    expect(after.sessions).toBe(1);

    const follow = spawnAo(world, ["events", "--follow", "--json", "--session", "app-1"]);
    const line = await eventually(
      () =>
        follow
          .stdout()
          .split("\n")
          .find((l) => l.includes("session.created")),
      "a JSON line",
    );
    expect(JSON.parse(line)).toMatchObject({ sessionId: "app-1", type: "session.created" });
    follow.child.kill("SIGINT");
    expect(await follow.exited).toBe(0);
    expect(world.ao(["stop"]).exitCode).toBe(0);
  });

  it("runs in the foreground and exits 0 on SIGTERM after finishing cleanly", async () => {
    const world = makeWorld("1s");
    const { child, exited, stderr: stderrText } = spawnAo(world, ["start", "--foreground"]);
    await eventually(() => (existsSync(world.daemonJson()) ? true : undefined), "daemon.json");
    await eventually(() => (stderrText().includes(" cycle: ") ? true : undefined), "a cycle line on stderr");
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(stderrText()).toContain("daemon stopped");
    expect(existsSync(world.daemonJson())).toBe(false);
    expect(world.status().daemon).toMatchObject({ running: false });
  });
});

/** The built binary as a child this test can signal, with its output collected as it comes. */
function spawnAo(world: { configDir: string; env: Record<string, string> }, args: string[]) {
  const child = spawn(process.execPath, [AO_BIN, ...args], {
    cwd: world.configDir,
    env: { PATH: process.env["PATH"] ?? "", HOME: process.env["HOME"] ?? "", ...world.env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  if (child.pid !== undefined) started.push(child.pid);
  return { child, exited, stdout: () => stdout, stderr: () => stderr };
}

/** A session row as `ao spawn` would leave it, written straight into the daemon's database. */
function addSession(home: string, id: string, branch: string): void {
  const store = openStore({ paths: aoPaths(home), clock: { now: () => Date.now() } });
  try {
    writeTransaction(store, (tx) =>
      insertSession(
        tx,
        {
          id,
          project: "app",
          branch,
          worktree: join(home, "nowhere", id),
          runtime: "process",
          agent: "claude-code",
          status: "working",
        },
        { type: "session.created" },
      ),
    );
  } finally {
    closeStore(store);
  }
}
