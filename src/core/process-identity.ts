import { readdirSync, readFileSync } from "node:fs";

/**
 * Process identity: "is the process behind this pid still the one ao started?" A pid alone is not
 * enough (after a reboot or a long time it names something else), so the start time from /proc pins
 * it. Everything in ao that remembers a process (runtime/process's launcher, scm/local's CI runs,
 * a spawn's own pid, a lock's owner) asks here; nothing reads /proc itself. Plugins reach it through
 * `agent-orchestrator/plugin`.
 */
export type ProcessIdentity =
  { kind: "same" } | { kind: "gone" } | { kind: "reused" } | { kind: "unknown"; reason: string };

/** A process as /proc/<pid>/stat describes it (Linux). */
export interface ProcessStat {
  /** R, S, D, Z (zombie), X (dead), … */
  readonly state: string;
  readonly parentPid: number;
  readonly groupId: number;
  readonly sessionId: number;
  /** Field 22: clock ticks since boot at which it started. */
  readonly startTime: string;
}

/** A pid plus the start time read when it was recorded ("" where there is no /proc). */
export interface ProcessRef {
  readonly pid: number;
  readonly startTime: string;
}

/** Whether this machine has /proc (Linux); without it identity rests on the pid alone. */
export function hasProcFs(): boolean {
  return readProcessStat(process.pid) !== undefined;
}

/** The start time of `pid` (empty where there is no /proc or no such process). */
export function processStartTime(pid: number): string {
  return readProcessStat(pid)?.startTime ?? "";
}

/** `pid` with its start time, to be checked later with `checkProcess`. */
export function processRef(pid: number): ProcessRef {
  return { pid, startTime: processStartTime(pid) };
}

/** Whether the process recorded as (pid, startTime) still runs; a zombie counts as gone. */
export function checkProcess(pid: number, startTime: string): ProcessIdentity {
  if (startTime !== "" || hasProcFs()) {
    const stat = readProcessStat(pid);
    if (stat === undefined) return { kind: "gone" };
    // A zombie has exited; it only waits for its parent to collect the status.
    if (stat.state === "Z" || stat.state === "X") return { kind: "gone" };
    return startTime === "" || stat.startTime === startTime ? { kind: "same" } : { kind: "reused" };
  }
  return signalProbe(pid);
}

/**
 * Whether some process has this pid (signal 0). EPERM means it exists but belongs to someone else:
 * alive. For a pid recorded without a start time (a lock file's owner, a spawner on this host).
 */
export function isPidAlive(pid: number): boolean {
  return signalProbe(pid).kind !== "gone";
}

/** Sends `signal` to the process group `pid` leads; an empty group (ESRCH) is what was wanted. */
export function signalProcessGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // Already gone.
  }
}

/**
 * Whether any process of the group `pgid` still runs. A group whose members all exited but are not
 * yet collected by their parent (zombies) has ended: with /proc its members are read, since
 * `kill(-pgid, 0)` still answers for zombies; without /proc the signal probe alone decides.
 */
export function isProcessGroupRunning(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== "ESRCH";
  }
  if (!hasProcFs()) return true;
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    const stat = readProcessStat(Number(name));
    if (stat?.groupId === pgid && stat.state !== "Z" && stat.state !== "X") return true;
  }
  return false;
}

function signalProbe(pid: number): ProcessIdentity {
  try {
    process.kill(pid, 0);
    return { kind: "same" };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ESRCH") return { kind: "gone" };
    return { kind: "unknown", reason: `cannot signal pid ${String(pid)}: ${String(code)}` };
  }
}

/** /proc/<pid>/stat, or undefined without /proc or without the process. */
export function readProcessStat(pid: number): ProcessStat | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${String(pid)}/stat`, "utf8");
  } catch {
    return undefined;
  }
  // The command name (field 2) is in parentheses and may itself contain spaces and ')'.
  const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
  const [state, parent, group, session] = fields;
  const startTime = fields[19];
  if (state === undefined || startTime === undefined) return undefined;
  return {
    state,
    parentPid: Number(parent),
    groupId: Number(group),
    sessionId: Number(session),
    startTime,
  };
}
