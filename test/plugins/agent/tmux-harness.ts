import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach } from "vitest";
import type { LaunchSpec, Liveness } from "../../../src/core/slots/index.js";
import { makeTempDir } from "../../helpers/temp-dir.js";
import { aoPaths } from "../../../src/core/paths.js";
import { tmuxSocketPath } from "../../../src/plugins/_shared/tmux-client.js";
import { stopTestTmuxServer } from "../../helpers/tmux.js";
import { FAKE_BIN } from "./fixtures.js";

/**
 * A real tmux on an isolated socket (TMUX unset) for the fake agent CLIs: one pane started with
 * exactly the argv a plugin builds, in the test's own HOME, with PATH finding the fakes first.
 * Every server is killed after its test.
 */
const homes: string[] = [];

/** TMUX unset (never the developer's tmux); PATH finds the fakes first; HOME is the test's own. */
function tmux(socket: string, home: string, args: string[]): string {
  const env: Record<string, string> = {
    PATH: `${FAKE_BIN}:${process.env["PATH"] ?? ""}`,
    HOME: home,
    TERM: "xterm-256color",
  };
  return execFileSync("tmux", ["-S", socket, "-f", "/dev/null", ...args], { env, encoding: "utf8" });
}

afterEach(async () => {
  for (const home of homes.splice(0)) await stopTestTmuxServer(home);
});

export interface Harness {
  start(spec: LaunchSpec, extraEnv?: Record<string, string>): void;
  /** The visible pane, or with `history` lines of scrollback above it, as ao's tmux runtime reads it. */
  screen(history?: number): string;
  liveness(): Liveness;
  keys(...keys: string[]): void;
  paste(text: string): void;
  /** The tmux server's pid: a restart must not replace the server. */
  serverPid(): number;
}

export function harness(worktree: string, home: string): Harness {
  // An AO_HOME's socket (tmux.sock), so the runtime's own stop ends the server after the test.
  const serverHome = makeTempDir("ao-t-");
  homes.push(serverHome);
  const socket = tmuxSocketPath(aoPaths(serverHome));
  // Each start opens a new session before it kills the previous one: killing the only session
  // makes the server exit, and a new-session racing that exit fails ("server exited unexpectedly").
  let starts = 0;
  let target = "agent-0";
  return {
    start(spec, extraEnv = {}) {
      const previous = starts > 0 ? target : undefined;
      target = `agent-${++starts}`;
      const env = Object.entries({ ...spec.env, ...extraEnv }).flatMap(([key, value]) => [
        "-e",
        `${key}=${value}`,
      ]);
      tmux(socket, home, [
        "new-session",
        "-d",
        "-s",
        target,
        "-x",
        "200",
        "-y",
        "50",
        "-c",
        worktree,
        ...env,
        "--",
        ...spec.argv,
        // In the same command list, so an agent that exits at once still leaves its pane.
        ";",
        "set-option",
        "-t",
        target,
        "remain-on-exit",
        "on",
      ]);
      if (previous !== undefined) tmux(socket, home, ["kill-session", "-t", previous]);
    },
    screen: (history = 0) =>
      tmux(socket, home, ["capture-pane", "-p", ...(history > 0 ? ["-S", `-${history}`] : []), "-t", target]),
    liveness: () => {
      const [dead, status] = tmux(socket, home, [
        "list-panes",
        "-t",
        target,
        "-F",
        "#{pane_dead} #{pane_dead_status}",
      ])
        .trim()
        .split(" ");
      return dead === "1" ? { state: "exited", exitCode: Number(status) } : { state: "alive" };
    },
    keys: (...keys) => void tmux(socket, home, ["send-keys", "-t", target, ...keys]),
    serverPid: () => Number(tmux(socket, home, ["display-message", "-p", "#{pid}"]).trim()),
    paste: (text) => {
      const file = join(makeTempDir("ao-paste-"), "message.txt");
      writeFileSync(file, text);
      tmux(socket, home, ["load-buffer", "-b", "message", file]);
      // As ao's tmux runtime pastes (deliver-to-pane.ts): bracketed, LF kept as LF.
      tmux(socket, home, ["paste-buffer", "-p", "-r", "-d", "-b", "message", "-t", target]);
    },
  };
}
