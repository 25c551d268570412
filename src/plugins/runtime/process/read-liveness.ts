import { existsSync, readFileSync } from "node:fs";
import { checkProcess, type Liveness, messageOf, type RuntimeHandle } from "../../../core/plugin-api.js";
import type { SessionFiles } from "./session-files.js";

/** The launcher as the handle remembers it: pid plus start time (empty where there is no /proc). */
export interface LauncherProcess {
  pid: number;
  startTime: string;
}

export function launcherOf(handle: RuntimeHandle): LauncherProcess | undefined {
  const pid = Number(handle.data?.["pid"]);
  if (!Number.isInteger(pid) || pid <= 1) return undefined;
  return { pid, startTime: handle.data?.["startTime"] ?? "" };
}

/**
 * The exit file answers first (the launcher wrote the code down); then the launcher's identity:
 * alive while the same process runs, missing when it vanished without a word (SIGKILL, a reboot).
 */
export function readLiveness(files: SessionFiles, launcher: LauncherProcess | undefined): Liveness {
  if (existsSync(files.exit)) return readExitFile(files.exit);
  if (launcher === undefined) return { state: "missing" };
  const identity = checkProcess(launcher.pid, launcher.startTime);
  if (identity.kind === "same") return { state: "alive" };
  if (identity.kind === "unknown") return { state: "unknown", reason: identity.reason };
  // The launcher may have written the exit file between the two looks.
  return existsSync(files.exit) ? readExitFile(files.exit) : { state: "missing" };
}

function readExitFile(path: string): Liveness {
  try {
    const parsed = JSON.parse(readFileSync(path, "utf8")) as { exitCode?: unknown };
    return { state: "exited", exitCode: typeof parsed.exitCode === "number" ? parsed.exitCode : null };
  } catch (error) {
    return { state: "unknown", reason: `unreadable exit file ${path}: ${messageOf(error)}` };
  }
}
