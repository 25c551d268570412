import { printable } from "./screen-text.js";
import { splitAtWidth, tailThatFits, textWidth } from "./terminal-width.js";

/** Where the host draws: its terminal (the runtime's pane, or a pipe). */
export interface HostOutput {
  write(text: string): void;
  /** The terminal's width now (it may be resized); 80 when unknown. */
  columns(): number;
}

/** The conversation as a person sees it in `ao session attach`. */
export interface Screen {
  /** Whole lines of the conversation (a tool call, a question, the stop reason). */
  lines(lines: readonly string[]): void;
  /** Streamed text (message chunks) under `prefix`; a change of prefix starts a new paragraph. */
  stream(prefix: string, text: string): void;
  /** Ends a streamed paragraph, so what follows starts on its own line. */
  endStream(): void;
  /** The input line at the bottom: a short prompt, then what was typed so far. */
  input(prompt: string, text: string): void;
}

const ERASE_BELOW = "\x1b[J";
const LINE_UP = "\x1b[1A";

/**
 * A scrolling log with two live rows at the bottom: the paragraph being streamed (not yet a whole
 * line) and the input line. Both are kept to one row each (the streamed one is broken at the width,
 * the input line shows the end of what was typed), so they are redrawn in place without knowing
 * more of the terminal than its width. The input line shows a pasted message's last characters,
 * which is what ao's delivery waits to see before it presses Enter.
 */
export function createScreen(output: HostOutput): Screen {
  let partial: { prefix: string; text: string } | undefined;
  let partialShown = false;
  let prompt = "";
  let typed = "";
  const width = (): number => Math.max(20, output.columns() - 1);
  const erase = (): void => output.write(`\r${partialShown ? LINE_UP : ""}${ERASE_BELOW}`);
  const draw = (): void => {
    partialShown = partial !== undefined && partial.text !== "";
    const live = partialShown && partial ? `${partial.prefix}${partial.text}\r\n` : "";
    const room = Math.max(1, width() - textWidth(prompt));
    output.write(`${live}${prompt}${tailThatFits(typed.replace(/\n/g, " "), room)}`);
  };
  const commit = (line: string): void => output.write(`${line}\r\n`);
  const settle = (): void => {
    if (partial === undefined) return;
    if (partial.text !== "") commit(`${partial.prefix}${partial.text}`);
    partial = undefined;
  };
  const wrap = (): void => {
    if (partial === undefined) return;
    const room = Math.max(1, width() - textWidth(partial.prefix));
    while (textWidth(partial.text) > room) {
      const [head, rest] = splitAtWidth(partial.text, room);
      commit(`${partial.prefix}${head}`);
      partial.text = rest;
    }
  };
  return {
    lines(lines) {
      erase();
      settle();
      for (const line of lines) for (const row of printable(line).split("\n")) commit(row);
      draw();
    },
    stream(prefix, text) {
      erase();
      if (partial !== undefined && partial.prefix !== prefix) settle();
      partial ??= { prefix, text: "" };
      const pieces = `${partial.text}${printable(text)}`.split("\n");
      partial.text = pieces.pop() ?? "";
      for (const piece of pieces) commit(`${prefix}${piece}`);
      wrap();
      draw();
    },
    endStream() {
      erase();
      settle();
      draw();
    },
    input(nextPrompt, text) {
      erase();
      prompt = nextPrompt;
      typed = printable(text);
      draw();
    },
  };
}
