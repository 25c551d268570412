import type { ExecResult } from "../../core/plugin-api.js";
import type { TmuxClient, TmuxCommand } from "./tmux-client.js";

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

/**
 * Runs commands that are safe to repeat (a probe, a kill) once more when the server exited while
 * answering: tmux 3.3 says "server exited unexpectedly" when the last session's process ends just
 * as a client connects (measured: 79 of 200 tries of `kill-session` right after such a start). That
 * answer alone does not say the session is gone (a crash says the same); the second call does, as
 * "no server running", or answers normally.
 */
export async function runThroughServerExit(
  client: Pick<TmuxClient, "run">,
  commands: readonly TmuxCommand[],
): Promise<ExecResult> {
  const first = await client.run(commands);
  if (!first.failed || !/^server exited unexpectedly/m.test(first.stderr)) return first;
  return client.run(commands);
}
