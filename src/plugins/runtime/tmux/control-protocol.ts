/**
 * The text of tmux control mode (`tmux -C`), both ways: command lines ao writes to the client's
 * stdin, and the `%output` lines it reads back. Lines are handled as latin1 strings, one char per
 * byte, so bytes of a UTF-8 character split between two notifications survive unchanged.
 */

/** `%output %3 ab\015\012`: tmux escapes bytes below 0x20 and `\` as three octal digits. */
export function decodeControlOctal(text: string): Buffer {
  const bytes: number[] = [];
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    const octal = code === 0x5c ? text.slice(index + 1, index + 4) : "";
    if (/^[0-7]{3}$/.test(octal)) {
      bytes.push(parseInt(octal, 8) & 0xff);
      index += 3;
    } else bytes.push(code & 0xff);
  }
  return Buffer.from(bytes);
}

/** What ao's own commands contain, written as is; anything else goes in single quotes. */
const PLAIN_ARG = /^[A-Za-z0-9_%=:.,@$+/-]+$/;

/**
 * One command line for the client's stdin. tmux parses it like its configuration: `'…'` quotes
 * without escapes, so an argument may hold anything but `'` and a line break, which ao's commands
 * (targets, formats, hex digits) never need; such an argument is refused, not mangled.
 */
export function controlLine(commands: readonly (readonly string[])[]): string {
  const quoted = commands.map((argv) => argv.map(quoteControlArg).join(" "));
  return `${quoted.join(" ; ")}\n`;
}

function quoteControlArg(arg: string): string {
  if (PLAIN_ARG.test(arg) && !arg.endsWith(";")) return arg;
  if (/['\n\r]/.test(arg)) throw new Error(`a tmux control-mode argument cannot contain ' or a newline`);
  return `'${arg}'`;
}

/** Splits a byte stream into latin1 lines without their `\n`, keeping a partial last line. */
export class ControlLineSplitter {
  private rest = "";

  push(chunk: Buffer): string[] {
    const lines = (this.rest + chunk.toString("latin1")).split("\n");
    this.rest = lines.pop() ?? "";
    return lines;
  }
}

/** `%begin 1796166795 272 1`: time, command number, flags (1: a command this client sent). */
export interface BlockGuard {
  readonly kind: "begin" | "end" | "error";
  readonly time: string;
  readonly number: string;
  readonly flags: string;
}

export function parseBlockGuard(line: string): BlockGuard | undefined {
  const match = /^%(begin|end|error) (\d+) (\d+) (\d+)$/.exec(line);
  if (!match) return undefined;
  const [, kind, time = "", number = "", flags = ""] = match;
  return { kind: kind as BlockGuard["kind"], time, number, flags };
}

/** The hex digits `send-keys -H` takes for raw bytes, a command per `chunk` bytes. */
export function hexKeyChunks(data: Uint8Array, chunk = 256): string[][] {
  const chunks: string[][] = [];
  for (let start = 0; start < data.length; start += chunk) {
    const part = Array.from(data.subarray(start, start + chunk), (byte) =>
      byte.toString(16).padStart(2, "0"),
    );
    chunks.push(part);
  }
  return chunks;
}
