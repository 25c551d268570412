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
  /** Run on this machine when the pane's process ends (RuntimeCreateInput.onExit). */
  onExit?: readonly string[] | undefined;
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
    ...(input.onExit === undefined ? [] : [exitHook(input.session, input.onExit)]),
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

/**
 * `pane-died` on this session (the pane stays, `remain-on-exit`): tmux parses the hook's command
 * when it fires, and `run-shell` hands its argument to `/bin/sh -c` after expanding formats, so
 * each argument is single-quoted for the shell, then the line double-quoted for tmux's parser,
 * with `#` doubled against format expansion. The arguments are ao's own (paths and a session id).
 */
function exitHook(session: string, argv: readonly string[]): TmuxCommand {
  const shell = argv.map((arg) => `'${arg.replace(/'/g, `'\\''`)}'`).join(" ");
  const line = `${shell} >/dev/null 2>&1`.replace(/[\\"$]/g, (char) => `\\${char}`).replace(/#/g, "##");
  return ["set-hook", "-t", `=${session}:`, "pane-died", `run-shell -b "${line}"`];
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
