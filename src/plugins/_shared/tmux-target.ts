import { AoError } from "../../core/plugin-api.js";

/**
 * tmux forbids `.` and `:` in session names, and treats `*`, `?` and `[` as patterns when it looks
 * a target up; ao session ids (`<prefix>-<n>`) need none of that, so anything else is refused.
 */
const SESSION_NAME = /^[A-Za-z0-9_-]+$/;

export function assertTmuxSessionName(name: string): string {
  if (!SESSION_NAME.test(name)) {
    throw new AoError("E_USAGE", `"${name}" cannot be a tmux session name`, {
      hint: "session ids may contain only letters, digits, '-' and '_' (check sessionPrefix in the config)",
      details: { sessionId: name },
    });
  }
  return name;
}

/**
 * The agent's pane: window 0, pane 0 of the session. `=` asks for the exact session name; without it
 * tmux would match `ao-1` against `ao-10` when `ao-1` is gone. A fixed index (not the active pane)
 * keeps input going to the agent even after a person splits the window to look around.
 */
export function agentPaneTarget(session: string): string {
  return `=${session}:0.0`;
}

/** The session's first window, for commands that take a target-window (list-panes). */
export function agentWindowTarget(session: string): string {
  return `=${session}:0`;
}

/** The session itself, for commands that take a target-session (kill-session, attach-session). */
export function sessionTarget(session: string): string {
  return `=${session}`;
}

/** tmux expands `#{…}` and runs `#(…)` in some arguments (new-session -c); `##` is a literal `#`. */
export function escapeTmuxFormat(text: string): string {
  return text.replaceAll("#", "##");
}
