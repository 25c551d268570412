import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach } from "vitest";
import { tmuxSocketPath } from "../../src/plugins/_shared/tmux-client.js";
import { stopTmuxServer } from "../../src/plugins/runtime/tmux/stop-session.js";
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
 * Stops the tmux server of this AO_HOME as the runtime's cleanup does (stopTmuxServer): kills it
 * and waits until the processes of its panes have ended (SIGTERM, then SIGKILL). `kill-server`
 * only hangs the panes up, and an agent that is ending (a fake claude running its SessionEnd hook)
 * would still write into a directory being removed.
 */
export async function stopTestTmuxServer(home: string): Promise<void> {
  const problems = await stopTmuxServer(makeTestContext({ home }));
  if (problems.length > 0) throw new Error(`the test's tmux server in ${home}: ${problems.join("; ")}`);
}

afterEach(async () => {
  for (const home of homes.splice(0)) {
    await stopTestTmuxServer(home);
    rmSync(home, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  }
});
