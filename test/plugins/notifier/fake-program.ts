import { chmodSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { makeTempDir } from "../../helpers/temp-dir.js";

export interface FakeProgram {
  /** A directory to use as PATH: it holds only the fake program. */
  binDir: string;
  /** The argv of every run, in order. */
  calls(): string[][];
}

/**
 * A real executable called `name` that appends its argv (as one JSON line) to a file and exits
 * with `exitCode`, printing `stderr` first. Written in JavaScript with this Node as its interpreter,
 * so arguments arrive byte for byte, newlines included.
 */
export function fakeProgram(
  name: string,
  behaviour: { exitCode?: number; stderr?: string } = {},
): FakeProgram {
  const binDir = makeTempDir("ao-notifier-bin-");
  const log = join(makeTempDir("ao-notifier-log-"), `${name}.jsonl`);
  const script = [
    `#!${process.execPath}`,
    `require("node:fs").appendFileSync(${JSON.stringify(log)}, JSON.stringify(process.argv.slice(2)) + "\\n");`,
    `process.stderr.write(${JSON.stringify(behaviour.stderr ?? "")});`,
    `process.exitCode = ${behaviour.exitCode ?? 0};`,
  ].join("\n");
  writeFileSync(join(binDir, name), script);
  chmodSync(join(binDir, name), 0o755);
  return {
    binDir,
    calls: () =>
      existsSync(log)
        ? readFileSync(log, "utf8")
            .split("\n")
            .filter((line) => line !== "")
            .map((line) => JSON.parse(line) as string[])
        : [],
  };
}
