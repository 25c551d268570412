/**
 * Text someone else wrote (an issue's title or body from a tracker), made safe to print to a
 * terminal: C0 and C1 control characters and DEL are removed, except newline and tab, so an
 * escape sequence in it cannot recolour, retitle or rewrite what the person sees. --json output
 * keeps the text as it is.
 */
export function terminalText(text: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is matched
  return text.replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, "");
}

/** The same, on one line: for a table cell, where a newline or tab would break the row. */
export function terminalCell(text: string): string {
  return terminalText(text).replace(/[\n\t]+/g, " ");
}
