import jsqr from "jsqr";

/** jsqr is CommonJS with `exports.default`: typed under NodeNext as the module, not the function. */
const jsQR = jsqr.default;
/** An SGR sequence or one character of a terminal line. */
const ESC = "\u001b";
const CELL_OR_SGR = new RegExp(`${ESC}\\[[\\d;]*m|.`, "gu");

/** Pixels per module edge in the picture handed to the decoder. */
const SCALE = 4;

/**
 * Reads a QR code off terminal lines the way a phone's camera would see them: each cell is a
 * module wide and two high ("▀", "▄", "█", " "), on a dark terminal (light ink on black) unless the
 * cell sets its own colours (SGR 30/40 black, 97/107 bright white). Returns the decoded text, or
 * null when no code can be read. jsQR is told not to try the inverted picture: a code that only
 * reads inverted is not what the person sees.
 */
export function scanTerminalQr(lines: readonly string[]): string | null {
  const rows = lines.flatMap(moduleRowsOf);
  const width = Math.max(...rows.map((row) => row.length));
  const pixels = new Uint8ClampedArray(width * SCALE * rows.length * SCALE * 4);
  rows.forEach((row, y) => {
    for (let x = 0; x < width; x++) paint(pixels, width * SCALE, x, y, row[x] ?? false);
  });
  const found = jsQR(pixels, width * SCALE, rows.length * SCALE, { inversionAttempts: "dontInvert" });
  return found?.data ?? null;
}

/** One terminal line as two rows of modules, true where the module looks dark. */
function moduleRowsOf(line: string): [boolean[], boolean[]] {
  const upper: boolean[] = [];
  const lower: boolean[] = [];
  let fgLight = true;
  let bgLight = false;
  for (const token of line.match(CELL_OR_SGR) ?? []) {
    if (token.startsWith("\u001b[")) {
      const codes = token.slice(2, -1).split(";").map(Number);
      for (const code of codes) {
        if (code === 0) [fgLight, bgLight] = [true, false];
        if (code === 30 || code === 97) fgLight = code === 97;
        if (code === 40 || code === 107) bgLight = code === 107;
      }
      continue;
    }
    const [top, bottom] = halves(token, fgLight, bgLight);
    upper.push(!top);
    lower.push(!bottom);
  }
  return [upper, lower];
}

/** Whether the cell's upper and lower halves look light. */
function halves(cell: string, fgLight: boolean, bgLight: boolean): [boolean, boolean] {
  if (cell === "█") return [fgLight, fgLight];
  if (cell === "▀") return [fgLight, bgLight];
  if (cell === "▄") return [bgLight, fgLight];
  return [bgLight, bgLight];
}

function paint(pixels: Uint8ClampedArray, stride: number, x: number, y: number, dark: boolean): void {
  const value = dark ? 0 : 255;
  for (let dy = 0; dy < SCALE; dy++)
    for (let dx = 0; dx < SCALE; dx++) {
      const at = ((y * SCALE + dy) * stride + x * SCALE + dx) * 4;
      pixels.fill(value, at, at + 3);
      pixels[at + 3] = 255;
    }
}
