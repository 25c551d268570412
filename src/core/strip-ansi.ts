/* eslint-disable no-control-regex -- terminal escape sequences are what is removed */
const ESCAPES =
  /\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)|\u001b[@-_]|\u009b[0-?]*[ -/]*[@-~]/g;
/* eslint-enable no-control-regex */

/**
 * Text without terminal escape sequences: colours and cursor moves (CSI, also its one-byte form),
 * titles and links (OSC, ended by BEL or ST), and the two-byte escapes. The one way ao cleans what
 * a terminal, a CI log or an agent printed before a person or an agent reads it as text.
 */
export function stripAnsi(text: string): string {
  return text.replace(ESCAPES, "");
}
