/**
 * Text from the agent or a person as it may be drawn: no escape sequences or other control
 * characters (an agent's reply could otherwise move the cursor, retitle the window or clear the
 * screen), tabs as spaces, CR/CRLF as LF.
 */
export function printable(text: string): string {
  return (
    text
      .replace(/\r\n?/g, "\n")
      .replace(/\t/g, "  ")
      // eslint-disable-next-line no-control-regex -- removing control characters is the point
      .replace(/\x1b(\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)?|.)?/gs, "")
      // eslint-disable-next-line no-control-regex -- removing control characters is the point
      .replace(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/g, "")
  );
}

/** A path for the screen: relative to the worktree when inside it. */
export function shownPath(path: string, cwd: string): string {
  const prefix = cwd.endsWith("/") ? cwd : `${cwd}/`;
  return path.startsWith(prefix) ? path.slice(prefix.length) : path;
}
