import { joinTmuxCommands, type TmuxClient } from "../../_shared/tmux-client.js";
import { classifyEngineFailure, engineComplaint, type Engine } from "./engine.js";

/** The tmux server's socket inside every session container (on the container's own /tmp tmpfs). */
export const CONTAINER_TMUX_SOCKET = "/tmp/ao-tmux.sock";

/**
 * A TmuxClient whose commands run in the container, `<engine> exec -i <container> tmux …`: the
 * tmux runtime's algorithms (delivery, confirmation, screen, liveness) work unchanged, and text
 * still reaches tmux through stdin (`load-buffer -`), never through argv. A container that is gone
 * or stopped has no tmux server, which is what the answer then says, in tmux's words (so the
 * shared probes read it as "missing"), with the engine's own line after it.
 */
export function containerTmuxClient(engine: Engine, container: string): TmuxClient {
  return {
    socket: CONTAINER_TMUX_SOCKET,
    async run(commands, options = {}) {
      const args = ["exec", "-i", container, "tmux", "-u", "-S", CONTAINER_TMUX_SOCKET, "-f", "/dev/null"];
      const result = await engine.run([...args, ...joinTmuxCommands(commands)], options);
      if (!result.failed || classifyEngineFailure(result) === "unknown") return result;
      const stderr = `no server running on ${CONTAINER_TMUX_SOCKET} (${engineComplaint(result)})\n`;
      return { ...result, stderr };
    },
    // The dashboard's control client: a long-lived `tmux -C` in the container, over exec's pipes.
    commandFor: (args) => [engine.name, "exec", "-i", container, "tmux", ...args],
    // The server's pid is the container's (tmux is its first process): signal it there.
    nudge: async (pid) => {
      await engine.run(["exec", container, "/bin/sh", "-c", 'kill -s CHLD "$1"', "ao-nudge", String(pid)]);
    },
  };
}
