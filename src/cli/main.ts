import { readFileSync } from "node:fs";
import { createInterface } from "node:readline/promises";
import type { Ask } from "../core/context.js";
import { drainOutput } from "./drain-output.js";

/**
 * The process boundary: the only module that reads process.argv, exits, and knows the concrete
 * plugin catalog. `ao --version` is answered before anything else is imported (cold start matters
 * for a tool that scripts call in loops).
 */
export async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const version = readVersion();
  if (argv.length === 1 && (argv[0] === "--version" || argv[0] === "-V")) {
    process.stdout.write(`${version}\n`);
    return;
  }
  const [{ runCli }, { builtinCatalog }] = await Promise.all([
    import("./run-cli.js"),
    import("../plugins/builtin-catalog.js"),
  ]);
  const exitCode = await runCli({
    argv,
    env: process.env,
    cwd: process.cwd(),
    stdout: process.stdout,
    stderr: process.stderr,
    catalog: builtinCatalog,
    ask: process.stdin.isTTY && process.stdout.isTTY ? askOnTerminal : undefined,
    stdin: process.stdin,
    version,
  });
  // Never exit with output still queued: a piped `--json` would be cut short (drain-output.ts).
  await Promise.all([drainOutput(process.stdout), drainOutput(process.stderr)]);
  process.exit(exitCode);
}

function readVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as {
    version: string;
  };
  return pkg.version;
}

const askOnTerminal: Ask = async (question, defaultValue) => {
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  try {
    const answer = (await rl.question(`${question} [${defaultValue}] `)).trim();
    return answer === "" ? defaultValue : answer;
  } finally {
    rl.close();
  }
};
