import { existsSync, readdirSync, readFileSync } from "node:fs";
import { expect } from "vitest";

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
