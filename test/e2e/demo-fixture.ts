import { spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { expect } from "vitest";
import { AO_BIN } from "../helpers/run-ao.js";

/** Processes whose command line mentions the sandbox: its tmux server, the agent, a CI run. */
export function processesMentioning(text: string): string[] {
  const found: string[] = [];
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ");
      if (cmdline.includes(text)) found.push(`${pid}: ${cmdline}`);
    } catch {
      // The process ended while we looked.
    }
  }
  return found;
}

/** What `ao demo` promises when it ends, however: its TMPDIR empty, the sandbox gone, no process of it left. */
export function expectNothingLeft(tmp: string, sandbox: string | undefined): void {
  expect(readdirSync(tmp)).toEqual([]);
  if (sandbox !== undefined) {
    expect(existsSync(sandbox)).toBe(false);
    expect(processesMentioning(sandbox)).toEqual([]);
  }
  expect(processesMentioning(tmp)).toEqual([]);
}

/** The sandbox directory the demo named on stdout. */
export function sandboxOf(output: string): string | undefined {
  return /sandbox ready in (\S+)/.exec(output)?.[1];
}

/** `ao demo <args>` sent SIGINT once it spawned its session: its exit code and what it printed. */
export async function interruptedDemo(
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv },
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [AO_BIN, "demo", ...args], {
    ...options,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("close", resolve));
  await new Promise<void>((resolve) =>
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
      if (stdout.includes("spawned demo-1")) resolve();
    }),
  );
  child.kill("SIGINT");
  return { code: await exited, stdout, stderr };
}
