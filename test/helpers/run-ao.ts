import { spawn, spawnSync } from "node:child_process";
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
  const env = childEnv(options.env);
  const result = spawnSync(process.execPath, [AO_BIN, ...args], {
    cwd: options.cwd,
    env,
    input: options.input ?? "",
    encoding: "utf8",
  });
  return { exitCode: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}

/**
 * `runAo` without blocking this process: for a test whose own server (a fake registry on loopback)
 * must answer the ao it runs.
 */
export function runAoAsync(
  args: string[],
  options: { cwd: string; env: Record<string, string | undefined> & { AO_HOME: string }; bin?: string },
): Promise<AoRun> {
  const env = childEnv(options.env);
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [options.bin ?? AO_BIN, ...args], {
      cwd: options.cwd,
      env,
      stdio: "pipe",
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
    child.stdin.end();
    child.on("close", (code) => resolve({ exitCode: code ?? -1, stdout, stderr }));
  });
}

/** This process's PATH and HOME under the test's variables; `undefined` removes one. */
function childEnv(overrides: Record<string, string | undefined>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries({
    PATH: process.env["PATH"],
    HOME: process.env["HOME"],
    // One look after starting an agent, not ao's 3-s watch: tests that watch set AO_SPAWN_WATCH_MS.
    AO_SPAWN_WATCH_MS: "0",
    ...overrides,
  }))
    if (value !== undefined) env[key] = value;
  return env;
}
