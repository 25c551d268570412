import type { Liveness, RuntimeHandle } from "../../../core/plugin-api.js";
import type { TmuxClient } from "../../_shared/tmux-client.js";
import { classifyTmuxFailure, runThroughServerExit, tmuxComplaint } from "../../_shared/tmux-errors.js";
import { paneScreenStamp } from "./screen-stamp.js";

/**
 * `livenessMany` for tmux: one `list-panes -a` per socket answers for every session at once, which
 * keeps `ao status` with 50 sessions at one tmux call instead of 50. A dead pane whose exit status
 * tmux has not learnt yet is left to the single-session probe (`single`), which waits for it. A
 * live pane's answer carries its screen stamp (screen-stamp.ts) from the same call.
 */
const FORMAT =
  "#{session_name}|#{window_index}|#{pane_index}|#{pane_dead}|#{pane_dead_status}|#{pane_dead_signal}|#{pane_pid}|#{window_activity}|#{pane_width}x#{pane_height}";
const LINE = /^(.+)\|(\d+)\|(\d+)\|([01])\|(\d*)\|(\d*)\|(\d*)\|(\d*)\|(\d+x\d+)$/;

type Answer = Liveness | "settling";

export async function livenessOfAll(
  handles: readonly RuntimeHandle[],
  clientFor: (handle: RuntimeHandle) => TmuxClient,
  single: (handle: RuntimeHandle) => Promise<Liveness>,
  machineNow: () => number = Date.now,
): Promise<Liveness[]> {
  const bySocket = new Map<string, Promise<Map<string, Answer> | Liveness>>();
  const answers = handles.map(async (handle) => {
    const client = clientFor(handle);
    let panes = bySocket.get(client.socket);
    if (!panes) {
      panes = agentPanes(client, machineNow);
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
async function agentPanes(
  client: TmuxClient,
  machineNow: () => number,
): Promise<Map<string, Answer> | Liveness> {
  // tmux's activity times are the machine's, in whole seconds: the look's own time is taken before
  // asking, so any output after tmux answered falls in this second or a later one.
  const lookedAt = machineNow();
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
    const [, session = "", , , dead, status = "", signal = "", pid = "", activity = "", size = ""] = match;
    const answer = paneAnswer(dead === "1", status, signal, pid);
    const stamp = paneScreenStamp(activity, size, lookedAt);
    panes.set(
      session,
      answer !== "settling" && answer.state === "alive" && stamp ? { ...answer, screenStamp: stamp } : answer,
    );
  }
  return panes;
}

function paneAnswer(dead: boolean, status: string, signal: string, pid: string): Answer {
  if (!dead) return pid === "" ? { state: "alive" } : { state: "alive", pid: Number(pid) };
  if (status === "" && signal === "") return "settling";
  // Killed by a signal: no exit code, as for the single probe.
  return { state: "exited", exitCode: status === "" ? null : Number(status) };
}
