import { AoError, type PluginCleanupContext } from "../../../core/plugin-api.js";
import { createTmuxClient, tmuxSocketPath } from "../../_shared/tmux-client.js";
import { classifyTmuxFailure, runThroughServerExit, tmuxComplaint } from "../../_shared/tmux-errors.js";

/**
 * The `serverGone` capability: whether ao's tmux server of this AO_HOME is gone (killed, or the
 * machine rebooted), by one `list-sessions`. Only tmux saying so positively ("no server running",
 * no socket file) is gone; a timeout or any other failure rejects, never reads as gone.
 */
export async function tmuxServerGone(ctx: Pick<PluginCleanupContext, "exec" | "paths">): Promise<boolean> {
  const client = createTmuxClient(ctx.exec, tmuxSocketPath(ctx.paths));
  const result = await runThroughServerExit(client, [["list-sessions", "-F", "#{session_name}"]]);
  if (!result.failed) return false;
  if (!result.notFound && classifyTmuxFailure(result.stderr, result.timedOut) === "missing") return true;
  const why = result.notFound
    ? "tmux was not found on PATH"
    : tmuxComplaint(result.stderr, result.timedOut ? "tmux timed out" : "tmux failed");
  throw new AoError("E_EXEC_FAILED", `could not ask the tmux server of ${client.socket}: ${why}`);
}
