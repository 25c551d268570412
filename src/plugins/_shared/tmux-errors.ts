/**
 * What a failed tmux call says about the session it targeted. "missing" only when tmux positively
 * said so: no server on the socket, no socket file, or no such session/window/pane. Anything else
 * (a timeout, a permission problem, a socket path that cannot exist) is "unknown", never "gone".
 */
export type TmuxFailure = "missing" | "unknown";

const MISSING_PATTERNS: readonly RegExp[] = [
  /^no server running on /m,
  /^error connecting to .* \(No such file or directory\)$/m,
  /^can't find (session|window|pane)/m,
  /^session not found/m,
  // tmux 3.3 with a server that has no session left (the last one just killed, the server not yet
  // exited) answers an explicit `-t =name:0` with this: there is no session to find.
  /^no current target/m,
];

export function classifyTmuxFailure(stderr: string, timedOut = false): TmuxFailure {
  if (timedOut) return "unknown";
  return MISSING_PATTERNS.some((pattern) => pattern.test(stderr)) ? "missing" : "unknown";
}

/** The first line of tmux's complaint, for error messages and `unknown` reasons. */
export function tmuxComplaint(stderr: string, fallback: string): string {
  const line = stderr.trim().split("\n")[0]?.trim();
  return line === undefined || line === "" ? fallback : line;
}
