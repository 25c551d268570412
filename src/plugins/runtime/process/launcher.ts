import { spawn } from "node:child_process";
import { closeSync, openSync } from "node:fs";

/**
 * The agent's parent: a few lines of node (not a shell, so argv is never interpreted). It opens the
 * FIFO read-write, which never blocks and never sees EOF when a writer (ao send) closes, hands it
 * to the agent as stdin, waits, and records the exit code in a file, so a later ao can tell
 * "exited with 3" from "vanished". It ignores SIGTERM/SIGINT/SIGHUP: the signal reaches the whole
 * process group, the agent dies of it, and the launcher lives on just long enough to write that down.
 */
export const LAUNCHER_SCRIPT = `
const { spawn } = require("node:child_process");
const { constants, openSync, renameSync, writeFileSync } = require("node:fs");
const [fifo, exitFile, file, ...args] = process.argv.slice(1);
let done = false;
function finish(exitCode, signal) {
  if (done) return;
  done = true;
  writeFileSync(exitFile + ".tmp", JSON.stringify({ exitCode, signal }));
  renameSync(exitFile + ".tmp", exitFile);
  process.exit(0);
}
for (const name of ["SIGTERM", "SIGINT", "SIGHUP"]) process.on(name, () => {});
const input = openSync(fifo, constants.O_RDWR);
const child = spawn(file, args, { stdio: [input, "inherit", "inherit"] });
child.on("error", (error) => {
  process.stderr.write("ao: cannot start " + file + ": " + error.message + "\\n");
  finish(127, null);
});
child.on("exit", (code, signal) => finish(code, signal));
`;

export interface LaunchInput {
  argv: readonly string[];
  cwd: string;
  env: Readonly<Record<string, string>>;
  fifo: string;
  exitFile: string;
  log: string;
}

/**
 * node:child_process directly, not ctx.exec: exec runs a command to completion and collects its
 * output, while this process must outlive ao, detached in its own process group (so stop can
 * signal the agent and everything it started), with its output going straight to a log file.
 */
export function spawnLauncher(input: LaunchInput): number {
  const log = openSync(input.log, "a", 0o600);
  try {
    const child = spawn(
      process.execPath,
      ["-e", LAUNCHER_SCRIPT, "--", input.fifo, input.exitFile, ...input.argv],
      {
        cwd: input.cwd,
        env: input.env,
        detached: true,
        stdio: ["ignore", log, log],
      },
    );
    child.unref();
    // An async spawn failure (the launcher itself, i.e. node, missing) surfaces as a missing pid.
    child.on("error", () => undefined);
    if (child.pid === undefined) throw new Error("the launcher did not start");
    return child.pid;
  } finally {
    closeSync(log);
  }
}
