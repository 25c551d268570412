import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/**
 * A small real program for runtime contract subjects (tmux, process): it appends every line it
 * reads to `<dir>/<sessionId>.log`, echoes it to stdout (so `capture` can see it), and exits with
 * code N on the line `exit N`.
 */
const SCRIPT = `
import { appendFileSync } from "node:fs";
import { createInterface } from "node:readline";
const log = process.argv[2];
appendFileSync(log, "");
process.stdout.write("recorder ready\\n");
for await (const line of createInterface({ input: process.stdin })) {
  appendFileSync(log, line + "\\n");
  process.stdout.write(line + "\\n");
  const exit = /^exit (\\d+)$/.exec(line);
  if (exit) process.exit(Number(exit[1]));
}
`;

export interface RecorderProgram {
  program(sessionId: string): { argv: string[]; env: Record<string, string> };
  received(sessionId: string): Promise<string>;
}

export function recorderProgram(dir: string): RecorderProgram {
  const script = join(dir, "recorder.mjs");
  writeFileSync(script, SCRIPT);
  const logOf = (sessionId: string) => join(dir, `${sessionId}.log`);
  return {
    program: (sessionId) => ({ argv: [process.execPath, script, logOf(sessionId)], env: {} }),
    received: (sessionId) =>
      Promise.resolve(existsSync(logOf(sessionId)) ? readFileSync(logOf(sessionId), "utf8") : ""),
  };
}
