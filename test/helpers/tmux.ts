import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach } from "vitest";
import { tmuxSocketPath } from "../../src/plugins/_shared/tmux-client.js";
import { makeTestContext, type TestContext } from "./test-context.js";

/** The environment every tmux call in a test runs with: never the developer's own tmux. */
const TMUX_ENV = Object.fromEntries(
  Object.entries(process.env).filter(([key]) => key !== "TMUX" && key !== "TMUX_PANE"),
);

const homes: string[] = [];

export interface TmuxTestHome {
  /** A real context whose AO_HOME (and so tmux socket) belongs to this test alone. */
  ctx: TestContext;
  home: string;
  socket: string;
  /** Runs a tmux command on the test's socket and returns stdout; throws on failure. */
  tmux: (args: string[]) => string;
}

/**
 * A fresh AO_HOME per test. Its tmux server is killed before the directory is removed (the
 * directory is not a makeTempDir one, so the order is ours: a server whose socket file vanished
 * first could not be reached any more and would outlive the test run).
 */
export function makeTmuxHome(): TmuxTestHome {
  // Short prefix: a unix socket path must stay under ~104 bytes.
  const home = realpathSync(mkdtempSync(join(tmpdir(), "ao-tmux-")));
  homes.push(home);
  const ctx = makeTestContext({ home });
  const socket = tmuxSocketPath(ctx.paths);
  return { ctx, home, socket, tmux: (args) => runTmux(socket, args) };
}

export function runTmux(socket: string, args: string[]): string {
  return execFileSync("tmux", ["-u", "-S", socket, ...args], { env: TMUX_ENV, encoding: "utf8" });
}

export function killTmuxServer(socket: string): void {
  spawnSync("tmux", ["-S", socket, "kill-server"], { env: TMUX_ENV, stdio: "ignore" });
}

/**
 * Kills the server and waits (5 s, then SIGKILL) until the processes of its panes have ended, as
 * the runtime's own stop does: `kill-server` only hangs the panes up, and an agent that is ending
 * (a fake claude running its SessionEnd hook) would still write into a directory being removed.
 */
export function killTmuxServerAndWait(socket: string): void {
  const listed = spawnSync("tmux", ["-S", socket, "list-panes", "-a", "-F", "#{pane_dead} #{pane_pid}"], {
    env: TMUX_ENV,
    encoding: "utf8",
  });
  const groups = (listed.stdout ?? "")
    .split("\n")
    .map((line) => /^0 (\d+)$/.exec(line.trim())?.[1])
    .filter((pid): pid is string => pid !== undefined)
    .map(Number);
  killTmuxServer(socket);
  const deadline = Date.now() + 5_000;
  while (groups.some(isGroupRunning) && Date.now() < deadline) sleepSync(50);
  for (const group of groups.filter(isGroupRunning)) signalGroup(group, "SIGKILL");
}

function isGroupRunning(group: number): boolean {
  return signalGroup(group, 0);
}

function signalGroup(group: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-group, signal);
    return true;
  } catch {
    return false;
  }
}

function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

afterEach(() => {
  for (const home of homes.splice(0)) {
    killTmuxServerAndWait(join(home, "tmux.sock"));
    rmSync(home, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  }
});
