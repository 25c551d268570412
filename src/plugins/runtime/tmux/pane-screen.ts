import type { PaneScreen } from "../../../core/plugin-api.js";

/** `display -p` format for what a screen needs besides its text. */
export const SCREEN_FORMAT = "#{pane_width} #{pane_height} #{cursor_x} #{cursor_y} #{cursor_flag}";

export interface ScreenFacts {
  cols: number;
  rows: number;
  cursorX: number;
  cursorY: number;
  cursorVisible: boolean;
}

export function parseScreenFacts(line: string | undefined): ScreenFacts | undefined {
  const numbers = (line ?? "").trim().split(" ").map(Number);
  if (numbers.length !== 5 || numbers.some((n) => !Number.isInteger(n) || n < 0)) return undefined;
  const [cols = 0, rows = 0, cursorX = 0, cursorY = 0, flag = 1] = numbers;
  return { cols, rows, cursorX, cursorY, cursorVisible: flag === 1 };
}

const ESC = "\x1b";

/**
 * What a terminal emulator replays to show the pane as `capture-pane -e -p` saw it: cleared, each
 * line with its colours, attributes reset, the cursor where tmux has it (and hidden if it is).
 */
export function composeScreen(facts: ScreenFacts, lines: readonly string[]): PaneScreen {
  const body = lines
    .slice(0, facts.rows)
    .map((line) => `${line}${ESC}[0m`)
    .join("\r\n");
  const cursor = `${ESC}[${String(facts.cursorY + 1)};${String(facts.cursorX + 1)}H`;
  const visibility = facts.cursorVisible ? `${ESC}[?25h` : `${ESC}[?25l`;
  const text = `${ESC}[0m${ESC}[H${ESC}[2J${body}${cursor}${visibility}`;
  return { size: { cols: facts.cols, rows: facts.rows }, data: Buffer.from(text, "latin1") };
}
