import { spawn } from "node:child_process";
import { closeSync, openSync } from "node:fs";

export interface DetachedChild {
  readonly pid: number;
  /** Set once the child has exited (it should not, while it is a healthy daemon). */
  exit(): { code: number | null; signal: string | null } | undefined;
}

/**
 * Starts a long-lived child in its own session with stdout and stderr appended to `logPath`, and
 * lets this process exit without waiting for it. exec.ts runs children to completion and collects
 * their output; a daemon needs neither, so this is the one other place ao starts a process. Same
 * rules: an argument array, never a shell, and exactly the environment it is given.
 */
export function spawnDetached(
  file: string,
  args: readonly string[],
  options: { cwd: string; env: Readonly<Record<string, string | undefined>>; logPath: string },
): DetachedChild {
  const fd = openSync(options.logPath, "a", 0o600);
  let exited: { code: number | null; signal: string | null } | undefined;
  try {
    const child = spawn(file, args, {
      cwd: options.cwd,
      env: definedOnly(options.env),
      detached: true,
      stdio: ["ignore", fd, fd],
    });
    child.on("exit", (code, signal) => (exited = { code, signal }));
    child.on("error", () => (exited ??= { code: null, signal: null }));
    child.unref();
    if (child.pid === undefined) throw new Error(`could not start ${file}`);
    return { pid: child.pid, exit: () => exited };
  } finally {
    closeSync(fd);
  }
}

function definedOnly(env: Readonly<Record<string, string | undefined>>): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) if (value !== undefined) result[key] = value;
  return result;
}
