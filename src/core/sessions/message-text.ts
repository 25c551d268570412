import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import type { AoContext } from "../context.js";
import { AoError, messageOf } from "../errors.js";

/** Where the text of `ao send` comes from: exactly one of these. */
export interface MessageSource {
  /** Arguments after the session id, joined with single spaces. */
  words?: readonly string[] | undefined;
  /** A file, relative to the working directory. */
  file?: string | undefined;
  /** The text itself (for callers that have it already). */
  text?: string | undefined;
}

/** The message, from words, a file, or else stdin; bytes are kept exactly (no trimming). */
export async function messageText(
  ctx: Pick<AoContext, "cwd" | "stdin" | "stderr">,
  source: MessageSource,
): Promise<string> {
  const words = source.words ?? [];
  const given = [words.length > 0, source.file !== undefined, source.text !== undefined].filter(
    Boolean,
  ).length;
  if (given > 1) {
    throw new AoError("E_USAGE", "give the message either as arguments or with --file, not both", {
      hint: "ao send <session> <text…>, ao send <session> --file message.txt, or pipe it: … | ao send <session>",
    });
  }
  if (source.text !== undefined) return source.text;
  if (words.length > 0) return words.join(" ");
  if (source.file !== undefined) return readMessageFile(resolve(ctx.cwd, source.file));
  return readStdin(ctx);
}

async function readMessageFile(file: string): Promise<string> {
  try {
    return await readFile(file, "utf8");
  } catch (error) {
    throw new AoError("E_NOT_FOUND", `cannot read ${file}: ${messageOf(error)}`, {
      details: { file },
    });
  }
}

async function readStdin(ctx: Pick<AoContext, "stdin" | "stderr">): Promise<string> {
  const stdin = ctx.stdin;
  if (stdin === undefined) {
    throw new AoError("E_USAGE", "no message given", {
      hint: "give the text as arguments, with --file, or on stdin",
    });
  }
  if (stdin.isTTY === true) ctx.stderr.write("reading the message from the terminal; end it with Ctrl-D\n");
  const chunks: Buffer[] = [];
  for await (const chunk of stdin)
    chunks.push(typeof chunk === "string" ? Buffer.from(chunk, "utf8") : Buffer.from(chunk));
  return Buffer.concat(chunks).toString("utf8");
}
