import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import {
  checkProcess,
  hasProcFs,
  isPidAlive,
  readProcessStat,
  signalProcessGroup,
  type PluginCleanupContext,
  type ProcessRef,
} from "../../../core/plugin-api.js";

/**
 * scm/local runs CI in a detached runner (its own session), one process group per command, so an
 * AO_HOME thrown away while a run is in flight (`ao demo` removing its sandbox) would leave the run
 * going in a deleted checkout. Only processes recorded in the AO_HOME's own run files are
 * signalled, and only while they are still the processes that were recorded (same start time).
 */
export interface UnfinishedRun {
  dir: string;
  runner: ProcessRef;
  /** The pid (= process group) of the command running last, from `<n>.pid`. */
  command?: number;
}

/** How long a CI run in flight may take to finish on its own before it is killed. */
const CI_GRACE_MS = 5_000;
const POLL_MS = 100;

/** scm/local's cleanup capability: waits a little for runs in flight, then kills what is left. */
export async function stopCiRuns(ctx: Pick<PluginCleanupContext, "paths" | "clock">): Promise<string[]> {
  const deadline = ctx.clock.now() + CI_GRACE_MS;
  while (liveRuns(ctx.paths.projects).length > 0 && ctx.clock.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  for (const run of liveRuns(ctx.paths.projects)) killRun(run);
  return [];
}

/** Runs under `<projects>/*\/ci/<branch>/<sha>/` without a result whose runner is still running. */
export function liveRuns(projects: string): UnfinishedRun[] {
  const runs: UnfinishedRun[] = [];
  for (const ciDir of subdirs(projects).map((project) => join(project, "ci"))) {
    for (const dir of subdirs(ciDir).flatMap(subdirs)) {
      if (existsSync(join(dir, "result.json"))) continue;
      const owner = readOwner(dir);
      if (owner !== undefined && checkProcess(owner.pid, owner.startTime).kind === "same")
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
  if (!isSignallable(runner) || checkProcess(runner, run.runner.startTime).kind !== "same") return;
  if (!leadsOwnSession(runner)) return;
  if (run.command !== undefined && isSignallable(run.command) && isRunnersCommand(run.command, runner))
    signalProcessGroup(run.command, "SIGKILL");
  signalProcessGroup(runner, "SIGKILL");
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

function readOwner(dir: string): ProcessRef | undefined {
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

/** The runner was started detached (setsid): it leads its own session and group. */
function leadsOwnSession(pid: number): boolean {
  const stat = readProcessStat(pid);
  if (stat === undefined) return !hasProcFs() && isPidAlive(pid);
  return stat.groupId === pid && stat.sessionId === pid;
}

/** Each command is the runner's child, started detached too: it leads its own group. */
function isRunnersCommand(pid: number, runner: number): boolean {
  const stat = readProcessStat(pid);
  if (stat === undefined) return !hasProcFs() && isPidAlive(pid);
  return stat.parentPid === runner && stat.groupId === pid;
}
