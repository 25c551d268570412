import { isAoError } from "../core/errors.js";
import { redactText, redactValue } from "../core/redact.js";
import type { OutputStream } from "../core/context.js";
import type { Style } from "./render.js";

export interface ErrorReport {
  exitCode: number;
}

/**
 * The one place errors become output. An AoError prints `error:` and `hint:` (and its JSON form
 * on stdout under --json); anything else is a bug and prints its stack. Every text is redacted:
 * an error may quote a token a forge echoed back.
 */
export function reportError(
  error: unknown,
  io: { stdout: OutputStream; stderr: OutputStream; style: Style; json: boolean; debug: boolean },
): ErrorReport {
  if (isAoError(error)) {
    if (io.json) io.stdout.write(`${JSON.stringify({ error: redactValue(error.toJSON()) }, null, 2)}\n`);
    io.stderr.write(`${io.style.red("error:")} ${redactText(error.message)}\n`);
    if (error.hint) io.stderr.write(`${io.style.dim("hint:")} ${redactText(error.hint)}\n`);
    if (io.debug && error.stack) io.stderr.write(`${redactText(error.stack)}\n`);
    return { exitCode: error.exitCode };
  }
  const stack = error instanceof Error ? (error.stack ?? error.message) : String(error);
  io.stderr.write(
    `${io.style.red("error:")} unexpected failure, this is a bug in ao\n${redactText(stack)}\n`,
  );
  io.stderr.write(`${io.style.dim("hint:")} please report it with the output of \`ao doctor --json\`\n`);
  return { exitCode: 1 };
}
