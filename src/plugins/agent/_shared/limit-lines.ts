/**
 * The line of a CLI's output that holds its limit message: the last one matching, so a limit long
 * scrolled up is not read before a newer one. Decoration a TUI draws around it (box borders, the
 * bullet before a message) is trimmed from the words.
 */
export function lastMatchingLine(
  text: string,
  pattern: RegExp,
): { line: string; match: RegExpExecArray } | undefined {
  const lines = text.split("\n");
  for (let index = lines.length - 1; index >= 0; index--) {
    const line = cleanLine(lines[index]!);
    const match = pattern.exec(line);
    if (match !== null) return { line, match };
  }
  return undefined;
}

/** The lines after `from` (cleaned), for messages that continue on the next lines. */
export function linesAfter(text: string, line: string, count: number): string[] {
  const lines = text.split("\n").map(cleanLine);
  const at = lines.lastIndexOf(line);
  return at < 0 ? [] : lines.slice(at + 1, at + 1 + count).filter((next) => next !== "");
}

/** A screen line without the TUI's box borders, bullets and padding. */
export function cleanLine(line: string): string {
  return line
    .replace(/^[\s│┃|]*(?:[●■✕⎿>]\s*)?/u, "")
    .replace(/[\s│┃|]*$/u, "")
    .trim();
}
