import { statSync } from "node:fs";
import { AoError } from "../../../core/plugin-api.js";
import type { TmuxClient, TmuxCommand } from "../../_shared/tmux-client.js";
import { tmuxComplaint } from "../../_shared/tmux-errors.js";
import { escapeTmuxFormat } from "../../_shared/tmux-target.js";

export interface StartSessionInput {
  session: string;
  cwd: string;
  /** The pane's command, already wrapped (see pane-command.ts). */
  command: readonly string[];
  width: number;
  height: number;
  historyLimit: number;
}

/**
 * One tmux invocation: the server-wide options first, then the session. tmux runs a command list in
 * order before it looks at anything else, so `remain-on-exit` is in force before the agent can
 * start, let alone exit: a command that exits at once still leaves a dead pane with its status.
 * The server is ao's own (its own socket), so global options touch nobody else's sessions.
 */
export async function startTmuxSession(client: TmuxClient, input: StartSessionInput): Promise<void> {
  assertDirectory(input.cwd);
  const commands: TmuxCommand[] = [
    ["set-option", "-g", "remain-on-exit", "on"],
    ["set-option", "-g", "history-limit", String(input.historyLimit)],
    [
      "new-session",
      ...["-d", "-s", input.session, "-c", escapeTmuxFormat(input.cwd)],
      ...["-x", String(input.width), "-y", String(input.height)],
      "--",
      ...input.command,
    ],
  ];
  const result = await client.run(commands);
  if (!result.failed) return;
  if (result.notFound) {
    throw new AoError("E_EXEC_NOT_FOUND", "tmux was not found on PATH", {
      hint: "install tmux (3.2 or newer), or use `runtime: process`",
    });
  }
  const complaint = tmuxComplaint(
    result.stderr,
    result.timedOut ? "timed out" : `exit ${String(result.exitCode)}`,
  );
  if (/^duplicate session/.test(complaint)) {
    throw new AoError("E_EXISTS", `tmux session ${input.session} already exists`, {
      hint: "stop the existing session first, or use another session id",
    });
  }
  throw new AoError("E_EXEC_FAILED", `tmux could not start session ${input.session}: ${complaint}`, {
    details: { socket: client.socket, session: input.session },
  });
}

function assertDirectory(cwd: string): void {
  // tmux silently falls back to $HOME for a missing start directory; an agent there would work in
  // the wrong checkout, so refuse instead.
  if (!statSync(cwd, { throwIfNoEntry: false })?.isDirectory()) {
    throw new AoError("E_NOT_FOUND", `the session directory ${cwd} does not exist`, {
      hint: "the workspace may have been removed; restore the session (ao session restore)",
    });
  }
}
