import { AoError } from "../../../core/plugin-api.js";
import type { TmuxClient } from "../../_shared/tmux-client.js";
import { classifyTmuxFailure, tmuxComplaint } from "../../_shared/tmux-errors.js";
import { agentPaneTarget } from "../../_shared/tmux-target.js";

/** Joined wrapped lines (-J), `lines` back into the scrollback, trailing blank lines dropped. */
export async function capturePane(client: TmuxClient, session: string, lines: number): Promise<string> {
  const count = Math.max(1, Math.floor(lines));
  const result = await client.run([captureCommand(session, count)]);
  if (result.failed) {
    const complaint = tmuxComplaint(result.stderr, "tmux failed");
    if (classifyTmuxFailure(result.stderr, result.timedOut) === "missing") {
      throw new AoError("E_NOT_FOUND", `tmux session ${session} does not exist`, { details: { complaint } });
    }
    throw new AoError("E_EXEC_FAILED", `tmux could not read the screen of ${session}: ${complaint}`);
  }
  return screenText(result.stdout, count);
}

/** The `capture-pane -J -S -<count>` argv of one session's agent pane. */
export function captureCommand(session: string, count: number): string[] {
  return ["capture-pane", "-p", "-J", "-S", `-${String(count)}`, "-t", agentPaneTarget(session)];
}

/** What `capture-pane` printed, as a capture returns it: its last `count` lines, trailing blanks dropped. */
export function screenText(printed: string, count: number): string {
  const all = printed.split("\n").map((line) => line.trimEnd());
  dropTrailingBlanks(all);
  // tmux's own line on a dead pane (remain-on-exit), not something the agent printed.
  if (DEAD_PANE_LINE.test(all.at(-1) ?? "")) all.pop();
  dropTrailingBlanks(all);
  return all.slice(-count).join("\n");
}

/** tmux's default `remain-on-exit-format`: "Pane is dead (status 1, Tue Dec  1 19:55:58 2026)". */
export const DEAD_PANE_LINE = /^Pane is dead \((?:status \d+|signal \d+)?.*\)$/;

export function dropTrailingBlanks(lines: string[]): void {
  while (lines.length > 0 && lines.at(-1) === "") lines.pop();
}
