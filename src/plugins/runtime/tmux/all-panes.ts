import type { Liveness, RuntimeHandle } from "../../../core/plugin-api.js";
import type { TmuxClient } from "../../_shared/tmux-client.js";
import { classifyTmuxFailure, runThroughServerExit, tmuxComplaint } from "../../_shared/tmux-errors.js";

/**
 * `livenessMany` for tmux: one `list-panes -a` per socket answers for every session at once, which
 * keeps `ao status` with 50 sessions at one tmux call instead of 50. A dead pane whose exit status
 * tmux has not learnt yet is left to the single-session probe (`single`), which waits for it.
 */
const FORMAT =
  "#{session_name}|#{window_index}|#{pane_index}|#{pane_dead}|#{pane_dead_status}|#{pane_dead_signal}|#{pane_pid}";
const LINE = /^(.+)\|(\d+)\|(\d+)\|([01])\|(\d*)\|(\d*)\|(\d*)$/;

type Answer = Liveness | "settling";

export async function livenessOfAll(
  handles: readonly RuntimeHandle[],
  clientFor: (handle: RuntimeHandle) => TmuxClient,
  single: (handle: RuntimeHandle) => Promise<Liveness>,
): Promise<Liveness[]> {
  const bySocket = new Map<string, Promise<Map<string, Answer> | Liveness>>();
  const answers = handles.map(async (handle) => {
    const client = clientFor(handle);
    let panes = bySocket.get(client.socket);
    if (!panes) {
      panes = agentPanes(client);
      bySocket.set(client.socket, panes);
    }
    const known = await panes;
    if (!(known instanceof Map)) return known;
    const answer = known.get(handle.id) ?? { state: "missing" };
    return answer === "settling" ? single(handle) : answer;
  });
  return Promise.all(answers);
}

/** Session name → what its agent pane (window 0, pane 0) says; a Liveness for the whole server when the call failed. */
async function agentPanes(client: TmuxClient): Promise<Map<string, Answer> | Liveness> {
  const result = await runThroughServerExit(client, [["list-panes", "-a", "-F", FORMAT]]);
  if (result.failed) {
    if (result.notFound) return { state: "unknown", reason: "tmux was not found on PATH" };
    if (classifyTmuxFailure(result.stderr, result.timedOut) === "missing") return { state: "missing" };
    return {
      state: "unknown",
      reason: tmuxComplaint(result.stderr, result.timedOut ? "tmux timed out" : "tmux failed"),
    };
  }
  const panes = new Map<string, Answer>();
  for (const line of result.stdout.split("\n")) {
    const match = LINE.exec(line.trim());
    if (!match || match[2] !== "0" || match[3] !== "0") continue;
    const [, session = "", , , dead, status = "", signal = "", pid = ""] = match;
    panes.set(session, paneAnswer(dead === "1", status, signal, pid));
  }
  return panes;
}

function paneAnswer(dead: boolean, status: string, signal: string, pid: string): Answer {
  if (!dead) return pid === "" ? { state: "alive" } : { state: "alive", pid: Number(pid) };
  if (status === "" && signal === "") return "settling";
  // Killed by a signal: no exit code, as for the single probe.
  return { state: "exited", exitCode: status === "" ? null : Number(status) };
}
