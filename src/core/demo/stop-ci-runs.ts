import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/**
 * scm/local runs CI in a detached runner (its own session), one process group per command, so a
 * demo that ends while a run is in flight has to stop it itself: removing the sandbox would leave
 * the run going in a deleted checkout. Only processes recorded in the sandbox's own run files are
 * signalled, and only while they are still the processes that were recorded (same start time).
 */
export interface UnfinishedRun {
  dir: string;
  runner: { pid: number; startTime: string };
  /** The pid (= process group) of the command running last, from `<n>.pid`. */
  command?: number;
}

/** Runs under `<home>/projects/*\/ci/<branch>/<sha>/` without a result whose runner is still running. */
export function liveRuns(home: string): UnfinishedRun[] {
  const runs: UnfinishedRun[] = [];
  for (const ciDir of subdirs(join(home, "projects")).map((project) => join(project, "ci"))) {
    for (const dir of subdirs(ciDir).flatMap(subdirs)) {
      if (existsSync(join(dir, "result.json"))) continue;
      const owner = readOwner(dir);
      if (owner !== undefined && isSameProcess(owner.pid, owner.startTime))
        runs.push({ dir, runner: owner, ...lastCommand(dir) });
    }
  }
  return runs;
}

/**
 * SIGKILLs the running command's group, then the runner's, if the runner is still the recorded one.
 * The pid files sit where the project's own CI can write them, and `kill(-pid)` reaches a whole
 * group (`kill(-1)`: every process we may signal), so a pid is only signalled when it is plainly
 * the runner (a session leader, as its detached start made it) or that runner's child leading its
 * own group, and never when it is init, ao itself or ao's parent.
 */
export function killRun(run: UnfinishedRun): void {
  const runner = run.runner.pid;
  if (!isSignallable(runner) || !isSameProcess(runner, run.runner.startTime) || !leadsOwnSession(runner))
    return;
  if (run.command !== undefined && isSignallable(run.command) && isRunnersCommand(run.command, runner))
    signalGroup(run.command);
  signalGroup(runner);
}

function isSignallable(pid: number): boolean {
  return Number.isSafeInteger(pid) && pid > 1 && pid !== process.pid && pid !== process.ppid;
}

function subdirs(dir: string): string[] {
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => join(dir, entry.name));
  } catch {
    return [];
  }
}

function readOwner(dir: string): UnfinishedRun["runner"] | undefined {
  try {
    const run = JSON.parse(readFileSync(join(dir, "run.json"), "utf8")) as {
      owner?: { pid?: unknown; startTime?: unknown };
    };
    const { pid, startTime } = run.owner ?? {};
    return typeof pid === "number"
      ? { pid, startTime: typeof startTime === "string" ? startTime : "" }
      : undefined;
  } catch {
    return undefined;
  }
}

function lastCommand(dir: string): { command?: number } {
  const numbers = readdirSync(dir)
    .map((name) => /^(\d+)\.pid$/.exec(name)?.[1])
    .filter((digits): digits is string => digits !== undefined)
    .map(Number);
  if (numbers.length === 0) return {};
  const pid = Number(readFileSync(join(dir, `${String(Math.max(...numbers))}.pid`), "utf8").trim());
  return Number.isInteger(pid) && pid > 0 ? { command: pid } : {};
}

/**
 * Fields of /proc/<pid>/stat after the command name: [0] state, [1] parent, [2] process group,
 * [3] session, [19] start time.
 */
function procStat(pid: number): string[] | undefined {
  try {
    const text = readFileSync(`/proc/${String(pid)}/stat`, "utf8");
    return text.slice(text.lastIndexOf(")") + 2).split(" ");
  } catch {
    return undefined;
  }
}

function isSameProcess(pid: number, startTime: string): boolean {
  const stat = procStat(pid);
  if (stat !== undefined) return stat[0] !== "Z" && (startTime === "" || stat[19] === startTime);
  // Without /proc (macOS) the pid is all there is.
  return existsSync("/proc/self") ? false : signalZero(pid);
}

/** The runner was started detached (setsid): it leads its own session and group. */
function leadsOwnSession(pid: number): boolean {
  const stat = procStat(pid);
  if (stat === undefined) return !existsSync("/proc/self") && signalZero(pid);
  return stat[2] === String(pid) && stat[3] === String(pid);
}

/** Each command is the runner's child, started detached too: it leads its own group. */
function isRunnersCommand(pid: number, runner: number): boolean {
  const stat = procStat(pid);
  if (stat === undefined) return !existsSync("/proc/self") && signalZero(pid);
  return stat[1] === String(runner) && stat[2] === String(pid);
}

function signalZero(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function signalGroup(pid: number): void {
  try {
    process.kill(-pid, "SIGKILL");
  } catch {
    // Already gone: what we wanted.
  }
}
