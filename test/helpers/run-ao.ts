import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

export const AO_BIN = fileURLToPath(new URL("../../bin/ao.js", import.meta.url));

export interface AoRun {
  exitCode: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs the built `ao` binary (npm test builds first), as a person would. The environment is
 * explicit: AO_HOME is required so no test touches the real ~/.agent-orchestrator.
 */
export function runAo(
  args: string[],
  options: { cwd: string; env: Record<string, string | undefined> & { AO_HOME: string }; input?: string },
): AoRun {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries({
    PATH: process.env["PATH"],
    HOME: process.env["HOME"],
    // One look after starting an agent, not ao's 3-s watch: tests that watch set AO_SPAWN_WATCH_MS.
    AO_SPAWN_WATCH_MS: "0",
    ...options.env,
  })) {
    if (value !== undefined) env[key] = value;
  }
  const result = spawnSync(process.execPath, [AO_BIN, ...args], {
    cwd: options.cwd,
    env,
    input: options.input ?? "",
    encoding: "utf8",
  });
  return { exitCode: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}
