import { joinTmuxCommands, type TmuxClient } from "../../_shared/tmux-client.js";
import type { Kubectl } from "./kubectl.js";
import { AGENT_CONTAINER } from "./names.js";
import { podExec } from "./pod-exec.js";
import { TMUX_SOCKET } from "./pod-scripts.js";

/**
 * A TmuxClient whose commands run in the pod's agent container, `kubectl exec -i <pod> -- tmux …`:
 * the tmux runtime's delivery, confirmation and screen algorithms work unchanged, and text still
 * reaches tmux through stdin (`load-buffer -`), never through argv or the exec URL. A pod that is
 * gone answers in tmux's words (so the shared code reads "missing"), kubectl's line after it.
 * `commandFor` is the same exec, kept open: the dashboard's pane (tmux/pane-attachment.ts).
 */
export function podTmuxClient(kubectl: Kubectl, pod: string): TmuxClient {
  const target = { pod, container: AGENT_CONTAINER };
  return {
    socket: TMUX_SOCKET,
    async run(commands, options = {}) {
      const argv = ["tmux", "-u", "-S", TMUX_SOCKET, "-f", "/dev/null", ...joinTmuxCommands(commands)];
      const outcome = await podExec(kubectl, target, argv, options);
      const base = { command: `kubectl exec ${pod} -- tmux`, timedOut: false, notFound: false };
      if (outcome.kind === "ran") {
        const { exitCode, stdout, stderr } = outcome;
        return { ...base, exitCode: exitCode ?? undefined, stdout, stderr, failed: exitCode !== 0 };
      }
      const stderr =
        outcome.kind === "missing"
          ? `no server running on ${TMUX_SOCKET} (${outcome.complaint})\n`
          : `${outcome.complaint}\n`;
      return { ...base, exitCode: 1, stdout: "", stderr, failed: true };
    },
    // The dashboard's control client: a long-lived `tmux -C` in the pod, over kubectl exec's stdio.
    commandFor: (args) => kubectl.argv(["exec", "-i", pod, "-c", AGENT_CONTAINER, "--", "tmux", ...args]),
  };
}
