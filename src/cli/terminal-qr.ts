import qrcode from "qrcode-generator";

/** Light modules around the code: the four the QR standard asks for, so phones find its edges. */
const QUIET_ZONE = 4;

/**
 * `text` as a QR code a phone can scan off the terminal (`ao dashboard pair`): two module rows per
 * line with the upper-half block "▀". In colour, each cell's foreground is its upper module and
 * its background its lower one, both set explicitly (black and bright white), so the code reads the
 * same on a light or a dark theme. Without colour (NO_COLOR, a pipe with `--qr`), light modules are
 * drawn as blocks and dark ones as spaces: right on the dark terminals most people use, inverted
 * (and still read by most scanners) on light ones.
 */
export function terminalQr(text: string, options: { color: boolean }): string[] {
  const dark = modules(text);
  const size = dark.length;
  const lines: string[] = [];
  for (let row = 0; row < size; row += 2) {
    let line = "";
    for (let col = 0; col < size; col++)
      line += options.color
        ? coloredCell(dark[row]![col]!, dark[row + 1]?.[col] ?? false)
        : plainCell(dark[row]![col]!, dark[row + 1]?.[col] ?? false);
    lines.push(options.color ? `${line}\u001b[0m` : line);
  }
  return lines;
}

/** Which modules are dark, quiet zone included; error correction M (15 % of the code may be lost). */
export function modules(text: string): boolean[][] {
  const code = qrcode(0, "M");
  code.addData(text, "Byte");
  code.make();
  const inner = code.getModuleCount();
  const size = inner + 2 * QUIET_ZONE;
  return Array.from({ length: size }, (_, row) =>
    Array.from({ length: size }, (_, col) => {
      const r = row - QUIET_ZONE;
      const c = col - QUIET_ZONE;
      return r >= 0 && c >= 0 && r < inner && c < inner && code.isDark(r, c);
    }),
  );
}

/** "▀" in the upper module's colour on the lower module's: 30/40 black, 97/107 bright white. */
function coloredCell(upperDark: boolean, lowerDark: boolean): string {
  return `\u001b[${upperDark ? 30 : 97};${lowerDark ? 40 : 107}m▀`;
}

/** Light modules as ink: "█" both light, "▀" upper, "▄" lower, " " both dark. */
function plainCell(upperDark: boolean, lowerDark: boolean): string {
  if (!upperDark && !lowerDark) return "█";
  if (!upperDark) return "▀";
  if (!lowerDark) return "▄";
  return " ";
}
