import { spawn } from "node:child_process";
import { z } from "zod";
import {
  AoError,
  definePlugin,
  type PluginContext,
  type RuntimeHandle,
  type Terminal,
  type TerminalView,
} from "../../core/plugin-api.js";
import { tmuxSocketPath } from "../_shared/tmux-client.js";
import { assertTmuxSessionRunning } from "../_shared/tmux-running.js";
import { checkTmux, TMUX_PROGRAM } from "../_shared/tmux-program.js";
import { assertTmuxSessionName, sessionTarget } from "../_shared/tmux-target.js";

/**
 * terminal/tmux-attach (the default): attaches this terminal to the session's tmux session on ao's
 * own socket, and resolves when the person detaches (Ctrl-b d).
 */
export const plugin = definePlugin({
  slot: "terminal",
  name: "tmux-attach",
  description: "attaches the current terminal to the session's tmux session (detach with Ctrl-b d)",
  options: z.strictObject({}),
  program: TMUX_PROGRAM,
  // Only attaching needs tmux: without it everything else still works, so it is a warning here.
  doctor: (_options, ctx) => checkTmux(ctx, "`ao session attach` opens sessions through it"),
  create: (_options, ctx) => createTmuxAttach(ctx),
});

type AttachContext = Pick<PluginContext, "exec" | "env" | "paths">;

export function createTmuxAttach(ctx: AttachContext): Terminal {
  return {
    async open(handle, options) {
      const session = assertTmuxSessionName(handle.id);
      if (handle.runtime !== "tmux" && options.attachCommand !== undefined) {
        // The session's tmux is the runtime's (a container's): its own command reaches it.
        await runAttached(ctx, options.attachCommand);
        return {} satisfies TerminalView;
      }
      if (handle.runtime !== "tmux") {
        throw new AoError(
          "E_USAGE",
          `${options.sessionId} runs in the ${handle.runtime} runtime; tmux-attach opens only tmux sessions`,
          {
            details: { session: options.sessionId, runtime: handle.runtime },
          },
        );
      }
      const socket = handle.data?.["socket"] ?? tmuxSocketPath(ctx.paths);
      await assertTmuxSessionRunning(ctx.exec, socket, session, options.sessionId);
      await attach(ctx, socket, handle);
      return {} satisfies TerminalView;
    },
  };
}

/**
 * Not through ctx.exec: attaching hands this terminal to tmux, so its stdin, stdout and stderr must
 * be the person's own terminal (stdio "inherit"), which the exec chokepoint (capturing output) does
 * not do. The argv is still an array, never a shell string. TMUX is unset so it works from inside
 * the person's own tmux (tmux otherwise refuses to nest).
 */
function attach(ctx: AttachContext, socket: string, handle: RuntimeHandle): Promise<void> {
  return runAttached(ctx, ["tmux", "-u", "-S", socket, "attach-session", "-t", sessionTarget(handle.id)]);
}

function runAttached(ctx: AttachContext, argv: readonly string[]): Promise<void> {
  const [program = "", ...args] = argv;
  const env = Object.fromEntries(
    Object.entries(ctx.env).filter(
      (entry): entry is [string, string] =>
        entry[1] !== undefined && entry[0] !== "TMUX" && entry[0] !== "TMUX_PANE",
    ),
  );
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, {
      stdio: "inherit",
      env,
    });
    child.on("error", (error) =>
      reject(new AoError("E_EXEC_FAILED", `${program} attach failed: ${error.message}`, { cause: error })),
    );
    child.on("close", (code) => {
      if (code === 0) resolve();
      else
        reject(
          new AoError("E_EXEC_FAILED", `${program} attach exited with ${String(code)}`, {
            hint: "attaching needs a terminal: run it from an interactive shell, not a pipe",
          }),
        );
    });
  });
}
