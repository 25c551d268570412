import type { Liveness } from "../../../core/plugin-api.js";
import type { TmuxClient } from "../../_shared/tmux-client.js";
import { classifyTmuxFailure, runThroughServerExit, tmuxComplaint } from "../../_shared/tmux-errors.js";
import { agentWindowTarget } from "../../_shared/tmux-target.js";
import type { Waits } from "../_shared/poll-until.js";

/** What tmux says about the agent's pane right now. */
export type PaneProbe =
  | { kind: "pane"; dead: boolean; exitCode: number | null; inMode: boolean }
  | { kind: "missing" }
  | { kind: "unknown"; reason: string };

const FORMAT = "#{pane_index}|#{pane_dead}|#{pane_dead_status}|#{pane_dead_signal}|#{pane_in_mode}|#{pid}";
const LINE = /^(\d+)\|([01])\|(\d*)\|(\d*)\|([01])\|(\d+)$/;
const STATUS_SETTLE_TRIES = 12;
const STATUS_SETTLE_MS = 50;

/**
 * list-panes, not display-message: display-message quietly falls back to "no target" when the
 * session is gone and prints empty fields with exit 0, which would read as a live pane.
 *
 * tmux marks a pane dead when its pty closes and learns the exit status later, from SIGCHLD, and
 * before 3.5 that SIGCHLD can be lost (libutempter's handler races tmux's, tmux/tmux#311): the pane
 * then stays dead without a status until some other child of the server exits. So a dead pane
 * without a status is asked again, and the server is sent SIGCHLD, which only makes it reap.
 */
export async function probePane(client: TmuxClient, session: string, waits: Waits): Promise<PaneProbe> {
  for (let tries = 1; ; tries += 1) {
    const probe = await probeOnce(client, session);
    if (probe.kind !== "settling") return probe;
    if (tries >= STATUS_SETTLE_TRIES) return { kind: "pane", dead: true, exitCode: null, inMode: false };
    if (tries % 3 === 0) await nudgeServer(client, probe.serverPid);
    await waits.sleep(STATUS_SETTLE_MS);
  }
}

async function nudgeServer(client: TmuxClient, pid: number): Promise<void> {
  if (client.nudge !== undefined) return client.nudge(pid);
  try {
    process.kill(pid, "SIGCHLD");
  } catch {
    // The server went away or is not ours: the next probe says so.
  }
}

type ProbeOnce = PaneProbe | { kind: "settling"; serverPid: number };

async function probeOnce(client: TmuxClient, session: string): Promise<ProbeOnce> {
  const result = await runThroughServerExit(client, [
    ["list-panes", "-t", agentWindowTarget(session), "-F", FORMAT],
  ]);
  if (result.failed) {
    if (result.notFound) return { kind: "unknown", reason: "tmux was not found on PATH" };
    if (classifyTmuxFailure(result.stderr, result.timedOut) === "missing") return { kind: "missing" };
    return {
      kind: "unknown",
      reason: tmuxComplaint(result.stderr, result.timedOut ? "tmux timed out" : "tmux failed"),
    };
  }
  for (const line of result.stdout.split("\n")) {
    const match = LINE.exec(line.trim());
    if (match?.[1] !== "0") continue;
    const [, , dead, status = "", signal = "", inMode, serverPid] = match;
    if (dead === "0") return { kind: "pane", dead: false, exitCode: null, inMode: inMode === "1" };
    if (status === "" && signal === "") return { kind: "settling", serverPid: Number(serverPid) };
    // Killed by a signal: there is no exit code, as a shell's $? would not have one either.
    return {
      kind: "pane",
      dead: true,
      exitCode: status === "" ? null : Number(status),
      inMode: inMode === "1",
    };
  }
  return {
    kind: "unknown",
    reason: `unexpected list-panes output: ${JSON.stringify(result.stdout.slice(0, 200))}`,
  };
}

export function paneLiveness(probe: PaneProbe): Liveness {
  switch (probe.kind) {
    case "pane":
      return probe.dead ? { state: "exited", exitCode: probe.exitCode } : { state: "alive" };
    case "missing":
      return { state: "missing" };
    case "unknown":
      return { state: "unknown", reason: probe.reason };
  }
}
