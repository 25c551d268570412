import type { RuntimeHandle } from "./runtime.js";

/** terminal: opens a person's view onto a running session (tmux attach, a browser tab, iTerm2). */

export interface TerminalOpenOptions {
  sessionId: string;
  /**
   * The session's page in the dashboard when the daemon serves it, with the login token in its
   * fragment (a secret: never put it in argv or a log). Absent when no daemon runs.
   */
  pageUrl?: string | undefined;
  /** The session's runtime's `attachCommand`, when it offers one (a container's `exec -it … tmux attach`). */
  attachCommand?: readonly string[] | undefined;
}

export interface TerminalView {
  /** Where the view is, for terminals that open one elsewhere (a web terminal's address). */
  url?: string;
}

export interface Terminal {
  /**
   * Opens the view. A foreground terminal (tmux attach) resolves when the person leaves it. Rejects
   * with E_NOT_FOUND when the session is not running.
   */
  open(handle: RuntimeHandle, options: TerminalOpenOptions): Promise<TerminalView>;
}
