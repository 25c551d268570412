import { join } from "node:path";
import type { AoPaths, Exec, ExecResult } from "../../core/plugin-api.js";

/** The socket of the tmux server ao owns for one AO_HOME (runtime/tmux and terminal/tmux-attach). */
export function tmuxSocketPath(paths: Pick<AoPaths, "home">): string {
  return join(paths.home, "tmux.sock");
}

/** One tmux command: its name followed by its arguments, e.g. `["kill-session", "-t", "=ao-1"]`. */
export type TmuxCommand = readonly string[];

export interface TmuxRunOptions {
  /** Written to tmux's stdin (`load-buffer -`). */
  input?: string | undefined;
  timeoutMs?: number | undefined;
}

/** Talks to the one tmux server ao owns, on its own socket. Never throws on a tmux failure. */
export interface TmuxClient {
  readonly socket: string;
  run(commands: readonly TmuxCommand[], options?: TmuxRunOptions): Promise<ExecResult>;
  /**
   * Sends the server SIGCHLD (see pane-probe.ts). Absent: the server is a process of this machine,
   * signalled directly; a server in a container has a pid of its own namespace, signalled there.
   */
  nudge?(serverPid: number): Promise<void>;
  /**
   * The program and arguments that run tmux with `args` on this client's server as a process that
   * lives on (a `-C` control client for the dashboard's pane). Absent: `tmux <args>` on this machine;
   * a server in a container is reached through the engine's `exec -i`.
   */
  commandFor?(args: readonly string[]): readonly string[];
}

const DEFAULT_TIMEOUT_MS = 10_000;

/**
 * Every call goes through ctx.exec with TMUX/TMUX_PANE removed, so ao works from inside a person's
 * own tmux. `-u` makes tmux treat the client as UTF-8 (capture-pane would otherwise replace
 * non-ASCII with `_`), and `-f /dev/null` keeps a person's ~/.tmux.conf (base-index, default-shell,
 * hooks) out of the dedicated server, so the options ao sets are the only ones that apply.
 */
export function createTmuxClient(exec: Exec, socket: string): TmuxClient {
  return {
    socket,
    run: (commands, options = {}) =>
      exec("tmux", ["-u", "-S", socket, "-f", "/dev/null", ...joinTmuxCommands(commands)], {
        env: { TMUX: undefined, TMUX_PANE: undefined },
        input: options.input,
        timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
        reject: false,
      }),
  };
}

/**
 * Several commands in one tmux invocation run in order, on the server, without anything in between.
 * tmux ends a command at ANY argument ending in `;`, so such arguments (an agent argv element like
 * `a;`) are escaped as `a\;`, which tmux turns back into `a;`.
 */
export function joinTmuxCommands(commands: readonly TmuxCommand[]): string[] {
  const args: string[] = [];
  commands.forEach((command, index) => {
    if (index > 0) args.push(";");
    for (const arg of command) args.push(arg.endsWith(";") ? `${arg.slice(0, -1)}\\;` : arg);
  });
  return args;
}
