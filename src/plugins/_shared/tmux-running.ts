import { AoError, type Exec } from "../../core/plugin-api.js";
import { createTmuxClient, type TmuxClient } from "./tmux-client.js";
import { classifyTmuxFailure, runThroughServerExit, tmuxComplaint } from "./tmux-errors.js";
import { sessionTarget } from "./tmux-target.js";

/**
 * Resolves when the tmux session runs on `socket`; E_NOT_FOUND (with a restore hint) when tmux
 * positively says it does not, E_EXEC_NOT_FOUND without tmux, E_EXEC_FAILED for anything else.
 * Terminals and the pane attachment check this before attaching.
 */
export async function assertTmuxSessionRunning(
  exec: Exec,
  socket: string,
  session: string,
  sessionId: string,
): Promise<void> {
  return assertSessionOnClient(createTmuxClient(exec, socket), session, sessionId);
}

/** assertTmuxSessionRunning through any TmuxClient (a server inside a container, reached by exec). */
export async function assertSessionOnClient(
  client: TmuxClient,
  session: string,
  sessionId: string,
): Promise<void> {
  const result = await runThroughServerExit(client, [["has-session", "-t", sessionTarget(session)]]);
  if (!result.failed) return;
  if (result.notFound)
    throw new AoError("E_EXEC_NOT_FOUND", "tmux was not found on PATH", {
      hint: "install tmux (3.2 or newer)",
    });
  const complaint = tmuxComplaint(result.stderr, "tmux failed");
  if (classifyTmuxFailure(result.stderr, result.timedOut) === "missing") {
    throw new AoError("E_NOT_FOUND", `${sessionId} is not running (${complaint})`, {
      hint: `bring it back with \`ao session restore ${sessionId}\``,
      details: { session: sessionId },
    });
  }
  throw new AoError("E_EXEC_FAILED", `tmux could not look up ${sessionId}: ${complaint}`);
}
