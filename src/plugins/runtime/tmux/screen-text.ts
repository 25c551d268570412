/**
 * Telling from a screen capture whether a message arrived. The screen never holds a long message
 * whole, a TUI wraps it at its own width and draws borders through it, so the comparison is on the
 * message's last characters with whitespace and box-drawing characters removed on both sides.
 */
const IGNORED = /[\s\u2500-\u259f]/gu;
const NEEDLE_CHARS = 32;
/** Claude Code (and others) collapse a big paste into "[Pasted text #2 +40 lines]". */
const PASTED_MARKER = /\[Pasted text #\d+/g;

export function squeezeScreenText(text: string): string {
  return text.normalize("NFC").replace(IGNORED, "");
}

/** The last few visible characters of the message: what should be on screen once it has arrived. */
export function arrivalNeedle(message: string): string {
  const chars = Array.from(squeezeScreenText(message));
  return chars.slice(-NEEDLE_CHARS).join("");
}

export function countPastedMarkers(screen: string): number {
  return screen.match(PASTED_MARKER)?.length ?? 0;
}

/**
 * Arrived: the screen changed since before the paste and now shows the message's tail, or a new
 * "pasted text" placeholder. Requiring a change keeps an identical earlier message on screen from
 * passing for this one.
 */
export function showsArrival(before: string, now: string, needle: string): boolean {
  if (now === before) return false;
  if (countPastedMarkers(now) > countPastedMarkers(before)) return true;
  return needle === "" || squeezeScreenText(now).includes(needle);
}

/**
 * Text as it goes into a paste: control characters other than tab and newline are removed (an ESC in
 * a review comment could end the bracketed paste early and type keys into the agent), and CR/CRLF
 * become LF, so a line break never reads as a press of Enter.
 */
export function sanitizePasteText(text: string): string {
  // eslint-disable-next-line no-control-regex -- matching control characters is the point here
  return text.replace(/\r\n?/g, "\n").replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, "");
}
