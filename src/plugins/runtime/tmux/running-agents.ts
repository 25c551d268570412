import { AoError, type PluginCleanupContext, type RunningAgent } from "../../../core/plugin-api.js";
import { createTmuxClient, tmuxSocketPath } from "../../_shared/tmux-client.js";
import { classifyTmuxFailure, runThroughServerExit, tmuxComplaint } from "../../_shared/tmux-errors.js";

const FORMAT = "#{pane_dead}|#{window_index}|#{pane_index}|#{session_name}";
const LINE = /^([01])\|(\d+)\|(\d+)\|(.+)$/;
const PLAIN = /^[A-Za-z0-9._-]+$/;

/**
 * The `runningAgents` capability: every session on ao's tmux server of this AO_HOME whose agent
 * pane (window 0, pane 0) is alive, by one `list-panes -a`. A session's name is the ao session id
 * it was started for. No server (or no tmux at all) runs nothing; any other failure is said.
 */
export async function tmuxRunningAgents(
  ctx: Pick<PluginCleanupContext, "exec" | "paths">,
): Promise<RunningAgent[]> {
  const client = createTmuxClient(ctx.exec, tmuxSocketPath(ctx.paths));
  const result = await runThroughServerExit(client, [["list-panes", "-a", "-F", FORMAT]]);
  if (result.failed) {
    if (result.notFound || classifyTmuxFailure(result.stderr, result.timedOut) === "missing") return [];
    const why = tmuxComplaint(result.stderr, result.timedOut ? "tmux timed out" : "tmux failed");
    throw new AoError("E_EXEC_FAILED", `could not list the sessions of ${client.socket}: ${why}`);
  }
  const agents: RunningAgent[] = [];
  for (const line of result.stdout.split("\n")) {
    const [, dead, window, pane, name = ""] = LINE.exec(line.trim()) ?? [];
    if (dead !== "0" || window !== "0" || pane !== "0") continue;
    const target = PLAIN.test(name) ? `=${name}` : `'=${name.replaceAll("'", "'\\''")}'`;
    agents.push({
      sessionId: name,
      handle: { runtime: "tmux", id: name, data: { socket: client.socket } },
      stop: `tmux -S ${client.socket} kill-session -t ${target}`,
    });
  }
  return agents;
}
