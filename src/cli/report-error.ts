import { isAoError } from "../core/errors.js";
import type { OutputStream } from "../core/context.js";
import type { Style } from "./render.js";

export interface ErrorReport {
  exitCode: number;
}

/**
 * The one place errors become output. An AoError prints `error:` and `hint:` (and its JSON form
 * on stdout under --json); anything else is a bug and prints its stack.
 */
export function reportError(
  error: unknown,
  io: { stdout: OutputStream; stderr: OutputStream; style: Style; json: boolean; debug: boolean },
): ErrorReport {
  if (isAoError(error)) {
    if (io.json) io.stdout.write(`${JSON.stringify({ error: error.toJSON() }, null, 2)}\n`);
    io.stderr.write(`${io.style.red("error:")} ${error.message}\n`);
    if (error.hint) io.stderr.write(`${io.style.dim("hint:")} ${error.hint}\n`);
    if (io.debug && error.stack) io.stderr.write(`${error.stack}\n`);
    return { exitCode: error.exitCode };
  }
  const stack = error instanceof Error ? (error.stack ?? error.message) : String(error);
  io.stderr.write(`${io.style.red("error:")} unexpected failure, this is a bug in ao\n${stack}\n`);
  io.stderr.write(`${io.style.dim("hint:")} please report it with the output of \`ao doctor --json\`\n`);
  return { exitCode: 1 };
}
