import { readFileSync } from "node:fs";

/**
 * Is the process that owns a CI run still the one that started it? A pid alone is not enough: after
 * a reboot or a long time, the pid may belong to something else. Where /proc exists, field 22 of
 * /proc/<pid>/stat (the start time in ticks since boot) pins the process; elsewhere (macOS) a
 * signal-0 probe is the best there is.
 */
export interface ProcessRef {
  pid: number;
  /** "" where it cannot be read. */
  startTime: string;
}

export function processRef(pid: number): ProcessRef {
  return { pid, startTime: readProcStat(pid)?.startTime ?? "" };
}

export function isRunning(ref: ProcessRef): boolean {
  const stat = readProcStat(ref.pid);
  if (stat !== undefined) {
    // A zombie has exited; it only waits for its parent to collect the status.
    if (stat.state === "Z" || stat.state === "X") return false;
    return ref.startTime === "" || stat.startTime === ref.startTime;
  }
  if (ref.startTime !== "" || readProcStat(process.pid) !== undefined) return false;
  try {
    process.kill(ref.pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function readProcStat(pid: number): { state: string; startTime: string } | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${String(pid)}/stat`, "utf8");
  } catch {
    return undefined;
  }
  // The command name (field 2) is in parentheses and may itself contain spaces and ')'.
  const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
  const state = fields[0];
  const startTime = fields[19];
  return state === undefined || startTime === undefined ? undefined : { state, startTime };
}
