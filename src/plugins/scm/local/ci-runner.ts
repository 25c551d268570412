import { spawn } from "node:child_process";

/**
 * The process that runs one CI run: a few lines of node (not a shell, so the commands' argv is
 * never interpreted). It reads the run's `run.json`, runs each command in order in the checkout
 * with its output in `<n>.log`, stops at the first failure, and writes `result.json` atomically
 * (temp + rename) when it is done. Each command gets its own process group (its pid in `<n>.pid`),
 * so a timeout kills the command and everything it started.
 */
export const CI_RUNNER_SCRIPT = `
const { spawn } = require("node:child_process");
const fs = require("node:fs");
const path = require("node:path");
const dir = process.argv[1];
const run = JSON.parse(fs.readFileSync(path.join(dir, "run.json"), "utf8"));
const checks = [];
function finish(state) {
  const result = { state, finishedAt: new Date().toISOString(), checks };
  const file = path.join(dir, "result.json");
  fs.writeFileSync(file + ".tmp", JSON.stringify(result, null, 2) + "\\n");
  fs.renameSync(file + ".tmp", file);
  process.exit(0);
}
function runCommand(index) {
  if (index >= run.commands.length) return finish("passing");
  const command = run.commands[index];
  const log = path.join(dir, (index + 1) + ".log");
  const fd = fs.openSync(log, "w");
  fs.writeSync(fd, "$ " + command.name + "\\n");
  const child = spawn(command.argv[0], command.argv.slice(1), { cwd: run.cwd, stdio: ["ignore", fd, fd], detached: true });
  if (child.pid !== undefined) fs.writeFileSync(path.join(dir, (index + 1) + ".pid"), String(child.pid));
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    try { process.kill(-child.pid, "SIGKILL"); } catch {}
  }, run.timeoutMs);
  let ended = false;
  function end(exitCode, signal, error) {
    if (ended) return;
    ended = true;
    clearTimeout(timer);
    if (error) fs.writeSync(fd, "ao: cannot start " + command.argv[0] + ": " + error.message + "\\n");
    if (timedOut) fs.writeSync(fd, "ao: timed out after " + Math.round(run.timeoutMs / 1000) + " s\\n");
    fs.closeSync(fd);
    const passed = exitCode === 0 && !timedOut;
    checks.push({ name: command.name, state: passed ? "passing" : "failing", exitCode, signal, log });
    if (passed) return runCommand(index + 1);
    for (const skipped of run.commands.slice(index + 1)) checks.push({ name: skipped.name, state: "skipped" });
    finish("failing");
  }
  child.on("error", (error) => end(127, null, error));
  child.on("exit", (code, signal) => end(code, signal));
}
runCommand(0);
`;

/**
 * node:child_process directly, not ctx.exec: exec runs a command to completion, and a CI run takes
 * minutes that observe() must not wait for. The runner is detached in its own session and unref'd,
 * so it outlives this ao process (an `ao status` that happened to start it) and writes its result
 * for whoever observes next.
 */
export function spawnCiRunner(runDir: string, cwd: string, env: Readonly<Record<string, string>>): number {
  const child = spawn(process.execPath, ["-e", CI_RUNNER_SCRIPT, "--", runDir], {
    cwd,
    env,
    detached: true,
    stdio: "ignore",
  });
  child.unref();
  // A failure to start node itself surfaces as a missing pid; the caller records it.
  child.on("error", () => undefined);
  if (child.pid === undefined) throw new Error(`could not start ${process.execPath} to run the CI`);
  return child.pid;
}
