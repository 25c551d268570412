import { execFileSync, spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach } from "vitest";
import type { LaunchSpec, Liveness } from "../../../src/core/slots/index.js";
import { makeTempDir } from "../../helpers/temp-dir.js";
import { FAKE_BIN } from "./fixtures.js";

/**
 * A real tmux on an isolated socket (TMUX unset) for the fake agent CLIs: one pane started with
 * exactly the argv a plugin builds, in the test's own HOME, with PATH finding the fakes first.
 * Every server is killed after its test.
 */
const sockets: string[] = [];

/** TMUX unset (never the developer's tmux); PATH finds the fakes first; HOME is the test's own. */
function tmux(socket: string, home: string, args: string[]): string {
  const env: Record<string, string> = {
    PATH: `${FAKE_BIN}:${process.env["PATH"] ?? ""}`,
    HOME: home,
    TERM: "xterm-256color",
  };
  return execFileSync("tmux", ["-S", socket, "-f", "/dev/null", ...args], { env, encoding: "utf8" });
}

afterEach(() => {
  for (const socket of sockets.splice(0))
    spawnSync("tmux", ["-S", socket, "kill-server"], { stdio: "ignore" });
});

export interface Harness {
  start(spec: LaunchSpec, extraEnv?: Record<string, string>): void;
  screen(): string;
  liveness(): Liveness;
  keys(...keys: string[]): void;
  paste(text: string): void;
}

export function harness(worktree: string, home: string): Harness {
  const socket = join(makeTempDir("ao-t-"), "sock");
  sockets.push(socket);
  let started = false;
  return {
    start(spec, extraEnv = {}) {
      if (started) tmux(socket, home, ["kill-session", "-t", "agent"]);
      const env = Object.entries({ ...spec.env, ...extraEnv }).flatMap(([key, value]) => [
        "-e",
        `${key}=${value}`,
      ]);
      tmux(socket, home, [
        "new-session",
        "-d",
        "-s",
        "agent",
        "-x",
        "200",
        "-y",
        "50",
        "-c",
        worktree,
        ...env,
        "--",
        ...spec.argv,
      ]);
      tmux(socket, home, ["set-option", "-t", "agent", "remain-on-exit", "on"]);
      started = true;
    },
    screen: () => tmux(socket, home, ["capture-pane", "-p", "-t", "agent"]),
    liveness: () => {
      const [dead, status] = tmux(socket, home, [
        "list-panes",
        "-t",
        "agent",
        "-F",
        "#{pane_dead} #{pane_dead_status}",
      ])
        .trim()
        .split(" ");
      return dead === "1" ? { state: "exited", exitCode: Number(status) } : { state: "alive" };
    },
    keys: (...keys) => void tmux(socket, home, ["send-keys", "-t", "agent", ...keys]),
    paste: (text) => {
      const file = join(makeTempDir("ao-paste-"), "message.txt");
      writeFileSync(file, text);
      tmux(socket, home, ["load-buffer", "-b", "message", file]);
      tmux(socket, home, ["paste-buffer", "-p", "-d", "-b", "message", "-t", "agent"]);
    },
  };
}
