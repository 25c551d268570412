import { checkProcess, processStartTime } from "../../_shared/process-identity.js";

/**
 * Is the process that owns a CI run still the one that started it? A pid alone is not enough: after
 * a reboot or a long time, the pid may belong to something else, so the start time pins it (see
 * _shared/process-identity.ts).
 */
export interface ProcessRef {
  pid: number;
  /** "" where it cannot be read. */
  startTime: string;
}

export function processRef(pid: number): ProcessRef {
  return { pid, startTime: processStartTime(pid) };
}

/** `unknown` (e.g. no permission to signal it) counts as running: a live run is never declared crashed. */
export function isRunning(ref: ProcessRef): boolean {
  const identity = checkProcess(ref.pid, ref.startTime);
  return identity.kind === "same" || identity.kind === "unknown";
}
