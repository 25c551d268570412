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

afterEach(() => {
  for (const home of homes.splice(0)) {
    killTmuxServer(join(home, "tmux.sock"));
    // Agents in the killed panes may still be writing their hook files for a moment: ENOTEMPTY.
    // Under load (the suite beside other work) that moment is longer: up to about five seconds.
    rmSync(home, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  }
});
