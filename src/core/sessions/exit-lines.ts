import { redactText } from "../redact.js";
import { stripAnsi } from "../strip-ansi.js";

/** How many of an exited agent's last lines ao keeps: enough for its error, not its whole screen. */
export const EXIT_LINES = 8;
/** How far back the screen is read for them: blank lines and a TUI's frame take room. */
export const EXIT_SCREEN_LINES = 60;
const MAX_LINE = 300;

// eslint-disable-next-line no-control-regex -- control characters left over after stripAnsi
const CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/**
 * The last lines an agent printed, from its screen or log as the runtime captured it: escape
 * sequences and control characters removed, lines without a letter or digit (blank ones, a TUI's
 * frames and drawings) left out, each line cut at 300 characters, secrets redacted.
 */
export function exitLines(screen: string): string[] {
  return stripAnsi(screen)
    .split("\n")
    .map((line) => line.replace(CONTROLS, "").trimEnd())
    .filter((line) => /[\p{L}\p{N}]/u.test(line))
    .slice(-EXIT_LINES)
    .map((line) => redactText(line.length > MAX_LINE ? `${line.slice(0, MAX_LINE - 1)}…` : line));
}
