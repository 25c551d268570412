/**
 * How many terminal columns text takes, so the host can keep its input line and the streaming line
 * on one row each (it redraws them in place, which needs their height). An approximation of
 * wcwidth: combining marks take none, East Asian wide characters and emoji two, the rest one.
 */
const MARK = /^\p{M}$/u;
const WIDE =
  /^[\p{Extended_Pictographic}\u1100-\u115f\u2e80-\u303e\u3041-\u33ff\u3400-\u4dbf\u4e00-\u9fff\ua000-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6\u{20000}-\u{3fffd}]$/u;

export function charWidth(char: string): number {
  if (isZeroWidth(char)) return 0;
  if (char.codePointAt(0) !== undefined && (char.codePointAt(0) ?? 0) < 0x7f) return 1;
  return WIDE.test(char) ? 2 : 1;
}

export function textWidth(text: string): number {
  let width = 0;
  for (const char of text) width += charWidth(char);
  return width;
}

/** The longest end of `text` that fits in `columns` (the input line shows what was typed last). */
export function tailThatFits(text: string, columns: number): string {
  const chars = Array.from(text);
  let width = 0;
  let start = chars.length;
  while (start > 0) {
    const next = width + charWidth(chars[start - 1] ?? "");
    if (next > columns) break;
    width = next;
    start -= 1;
  }
  return chars.slice(start).join("");
}

/** Splits `text` where it reaches `columns`: [the part that fits, the rest]. */
export function splitAtWidth(text: string, columns: number): [string, string] {
  const chars = Array.from(text);
  let width = 0;
  let end = 0;
  while (end < chars.length) {
    const next = width + charWidth(chars[end] ?? "");
    if (next > columns) break;
    width = next;
    end += 1;
  }
  return [chars.slice(0, end).join(""), chars.slice(end).join("")];
}

/** Combining marks, zero-width spaces and joiners, variation selectors. */
function isZeroWidth(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  return (
    MARK.test(char) ||
    (code >= 0x200b && code <= 0x200f) ||
    code === 0x2060 ||
    (code >= 0xfe00 && code <= 0xfe0f)
  );
}
