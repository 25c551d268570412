import { chmodSync, existsSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { createServer } from "node:net";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { httpRequestRaw } from "../core/daemon/http-client.js";
import { makeTempDir } from "../helpers/temp-dir.js";
import { eventually, makeE2e, type E2e } from "./e2e-fixture.js";

/**
 * The dashboard end to end without a browser (web-page's tests drive Chromium): the built `ao`, a
 * real daemon serving it, real tmux and the fake aider (a screen-only agent), every action through
 * HTTP as the page sends it.
 */
const daemons: number[] = [];
afterEach(() => {
  for (const pid of daemons.splice(0)) {
    try {
      process.kill(pid, "SIGTERM");
    } catch {
      // already gone
    }
  }
});

function world(port = 0): E2e & { nextTurn(settings: Record<string, unknown>): void } {
  const e2e = makeE2e();
  const turnsFile = join(e2e.userHome, "turns.json");
  e2e.env["FAKE_AGENT_TURNS_FILE"] = turnsFile;
  writeFileSync(
    join(e2e.configDir, "agent-orchestrator.yaml"),
    `port: ${port}\nprojects:\n  app:\n    path: ${e2e.repo.dir}\n    agent: aider\n`,
  );
  return Object.assign(e2e, {
    nextTurn: (settings: Record<string, unknown>) => writeFileSync(turnsFile, JSON.stringify(settings)),
  });
}

function startJson(e2e: E2e, args: string[] = []): { pid: number; port: number; url: string } {
  const started = e2e.ao(["start", "--json", ...args]);
  expect(started.exitCode, started.stderr).toBe(0);
  const json = JSON.parse(started.stdout) as { pid: number; port: number; url: string };
  daemons.push(json.pid);
  return json;
}

/** The page's session: logged in once with the URL's token, then JSON POSTs with the cookie. */
async function page(url: string) {
  const { port, hash } = new URL(url);
  const token = hash.replace("#token=", "");
  const origin = `http://127.0.0.1:${port}`;
  const login = await httpRequestRaw(Number(port), "POST", "/api/session-cookie", {
    headers: { origin, "content-type": "application/json" },
    body: JSON.stringify({ token }),
  });
  expect(login.status).toBe(200);
  const cookie = String(login.headers["set-cookie"]?.[0]).split(";")[0] ?? "";
  const post = async (
    path: string,
    body: unknown,
  ): Promise<{ status: number; body: Record<string, unknown> }> => {
    const answer = await httpRequestRaw(Number(port), "POST", path, {
      headers: { origin, cookie, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    return { status: answer.status, body: JSON.parse(answer.text) as Record<string, unknown> };
  };
  return Object.assign(post, { cookie });
}

function submissions(e2e: E2e, text: string): number {
  const history = join(e2e.worktree("app-1"), ".ao", "aider.chat.history.md");
  if (!existsSync(history)) return 0;
  return readFileSync(history, "utf8")
    .split("\n")
    .filter((line) => line === `#### ${text}`).length;
}

describe("the dashboard on the daemon (built binary)", { timeout: 180_000 }, () => {
  it("ao start prints the login URL; spawn, send, interrupt and kill from HTTP act on the agent", async () => {
    const e2e = world();
    const daemon = startJson(e2e);
    expect(daemon.url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${daemon.port}/#token=[0-9a-f]{64}$`));
    const status = JSON.parse(e2e.ao(["status", "--json"]).stdout) as { dashboard: { url: string } };
    expect(status.dashboard).toEqual({ url: `http://127.0.0.1:${daemon.port}/` });
    const post = await page(daemon.url);

    const spawned = await post("/api/spawn", { project: "app", prompt: "Fix the login bug" });
    expect(spawned).toMatchObject({
      status: 200,
      body: { session: "app-1", project: "app", status: "working" },
    });

    // Typing before aider's TUI is up reaches the terminal's line editor, not aider (a loaded
    // machine starts it slowly): wait for its banner, as a person would.
    await eventually(
      () => (e2e.tmux(["capture-pane", "-p", "-t", "=app-1:0"]).includes("Main model:") ? true : undefined),
      "aider's banner",
    );
    const text = "héllo — 'quoted' $(rm -rf ~) `id` ünïcode";
    e2e.nextTurn({ reply: "done", workMs: 300 });
    const sent = await post("/api/sessions/app-1/send", { text });
    expect(sent).toMatchObject({ status: 200, body: { session: "app-1", confirmed: true, submitted: true } });
    // The agent writes its history after it reads the line, so the count is awaited, then held at one.
    await eventually(() => (submissions(e2e, text) >= 1 ? true : undefined), "the sent text in the history");
    expect(submissions(e2e, text)).toBe(1);

    e2e.nextTurn({ reply: "never", workMs: 120_000 });
    const long = await post("/api/sessions/app-1/send", { text: "a very long job" });
    expect(long.status).toBe(200);
    await eventually(() => (submissions(e2e, "a very long job") === 1 ? true : undefined), "the long job");
    const interrupted = await post("/api/sessions/app-1/interrupt", {});
    expect(interrupted).toMatchObject({
      status: 200,
      body: { idle: true, turnId: long.body["turnId"], turnStatus: "interrupted" },
    });

    const refused = await post("/api/sessions/app-1/merge", { sha: "a".repeat(40) });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.body).toHaveProperty("error");

    const killed = await post("/api/sessions/app-1/kill", {});
    expect(killed).toMatchObject({
      status: 200,
      body: { session: "app-1", status: "killed", workspace: "kept" },
    });
    expect(e2e.sessions()[0]).toMatchObject({ id: "app-1", status: "killed" });

    const again = e2e.ao(["dashboard", "--no-open", "--json"]);
    expect(again.exitCode, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout)).toEqual({
      url: daemon.url,
      pid: daemon.pid,
      port: daemon.port,
      started: false,
      remote: null,
    });
    expect(e2e.ao(["stop"]).exitCode).toBe(0);

    // The token survives a restart, and so does the page's cookie: an open page resumes.
    const restarted = startJson(e2e, ["--port", String(daemon.port)]);
    expect(restarted.url).toBe(daemon.url);
    expect(await freshGet(daemon.port, "/api/fleet", post.cookie)).toBe(200);
  });

  it("ao dashboard starts a daemon when none runs and opens the URL from a 0600 file, never on argv", () => {
    const e2e = world();
    const bin = makeTempDir("ao-opener-");
    const record = join(bin, "opened.json");
    writeFileSync(
      join(bin, "xdg-open"),
      `#!/usr/bin/env node\nrequire("fs").writeFileSync(${JSON.stringify(record)}, JSON.stringify(process.argv.slice(2)));\n`,
    );
    chmodSync(join(bin, "xdg-open"), 0o755);
    const opened = e2e.ao(["dashboard", "--json"], { env: { PATH: `${bin}:${e2e.env.PATH}` } });
    expect(opened.exitCode, opened.stderr).toBe(0);
    const answer = JSON.parse(opened.stdout) as { url: string; pid: number; started: boolean };
    daemons.push(answer.pid);
    expect(answer.started).toBe(true);
    expect(opened.stderr).toContain(`started the daemon: pid ${answer.pid}`);
    const argv = JSON.parse(readFileSync(record, "utf8")) as string[];
    const file = join(e2e.home, "dashboard-open.html");
    expect(argv).toEqual([file]);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, "utf8")).toContain(JSON.stringify(answer.url));
    const noDashboard = world();
    startJson(noDashboard, ["--no-dashboard"]);
    const refused = noDashboard.ao(["dashboard", "--no-open"]);
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toContain("runs without the dashboard");
  });

  it("a second AO_HOME on the same port is told which process holds it, which file chose the port, and how to choose another", async () => {
    const port = await freePort();
    const first = world(port);
    const holder = startJson(first);
    expect(holder.port).toBe(port);
    const second = world(port);
    const clash = second.ao(["start"]);
    expect(clash.exitCode).toBe(1);
    const file = join(second.configDir, "agent-orchestrator.yaml");
    expect(clash.stderr).toContain(
      `port ${port} on 127.0.0.1 (set by \`port\` at ${file}:1) is in use by pid ${holder.pid} (`,
    );
    expect(clash.stderr).toContain("start --foreground");
    expect(clash.stderr).toContain("--port N");
    const elsewhere = startJson(second, ["--port", "0"]);
    expect(elsewhere.port).not.toBe(port);
  });
});

/** A GET on a new connection: node's agent keeps sockets alive, and the one it kept went to the old daemon. */
function freshGet(port: number, path: string, cookie: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: "127.0.0.1", port, path, agent: false, headers: { host: `127.0.0.1:${port}`, cookie } },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on("error", reject);
    req.end();
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
