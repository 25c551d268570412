import { readFileSync } from "node:fs";

/** Is the process behind a pid still the one ao started? */
export type ProcessIdentity =
  { kind: "same" } | { kind: "gone" } | { kind: "reused" } | { kind: "unknown"; reason: string };

const hasProc = (): boolean => readProcStat(process.pid) !== undefined;

/**
 * Field 22 of /proc/<pid>/stat: the start time in clock ticks since boot. With the pid it names one
 * process for the machine's uptime, so a recycled pid is not mistaken for the agent. Empty where
 * there is no /proc (macOS); identity then rests on the pid alone.
 */
export function processStartTime(pid: number): string {
  return readProcStat(pid)?.startTime ?? "";
}

export function checkProcess(pid: number, startTime: string): ProcessIdentity {
  if (startTime !== "" || hasProc()) {
    const stat = readProcStat(pid);
    if (stat === undefined) return { kind: "gone" };
    // A zombie has exited; it only waits for its parent to collect the status.
    if (stat.state === "Z" || stat.state === "X") return { kind: "gone" };
    return startTime === "" || stat.startTime === startTime ? { kind: "same" } : { kind: "reused" };
  }
  return signalProbe(pid);
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
