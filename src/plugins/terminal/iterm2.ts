import { z } from "zod";
import { AoError, definePlugin, type PluginContext, type Terminal } from "../../core/plugin-api.js";
import { tmuxSocketPath } from "../_shared/tmux-client.js";
import { assertTmuxSessionRunning } from "../_shared/tmux-running.js";
import { assertTmuxSessionName } from "../_shared/tmux-target.js";
import { ITERM2_SCRIPT } from "./iterm2/iterm2-script.js";

/**
 * terminal/iterm2 (macOS): a new iTerm2 window attached to the session's tmux session. The
 * AppleScript is fixed text on osascript's stdin; the socket and session reach it as arguments of
 * its `run` handler and are shell-quoted by AppleScript's `quoted form of`, never spliced into code.
 */
export const plugin = definePlugin({
  slot: "terminal",
  name: "iterm2",
  description: "opens the session in a new iTerm2 window (macOS, through osascript)",
  options: z.strictObject({}),
  // Only opening a view needs macOS: elsewhere the rest of ao works, so it is a warning.
  doctor: (_options, check) => [
    {
      id: "iterm2",
      title: "iTerm2 terminal",
      status: check.platform === "darwin" ? "ok" : "warn",
      detail:
        check.platform === "darwin"
          ? "sessions open in a new iTerm2 window through osascript"
          : `iterm2 opens sessions only on macOS (this is ${check.platform})`,
    },
  ],
  create: (_options, ctx) => createIterm2Terminal(ctx),
});

export function createIterm2Terminal(
  ctx: Pick<PluginContext, "exec" | "paths">,
  platform: string = process.platform,
): Terminal {
  return {
    async open(handle, { sessionId }) {
      if (platform !== "darwin")
        throw new AoError("E_USAGE", `iterm2 opens sessions only on macOS (this is ${platform})`, {
          hint: "choose another terminal: `terminal: tmux-attach` or `terminal: web`",
        });
      if (handle.runtime !== "tmux")
        throw new AoError(
          "E_USAGE",
          `${sessionId} runs in the ${handle.runtime} runtime; iterm2 opens only tmux sessions`,
        );
      const session = assertTmuxSessionName(handle.id);
      const socket = handle.data?.["socket"] ?? tmuxSocketPath(ctx.paths);
      await assertTmuxSessionRunning(ctx.exec, socket, session, sessionId);
      const result = await ctx.exec("osascript", ["-", socket, session], {
        input: ITERM2_SCRIPT,
        reject: false,
        timeoutMs: 30_000,
      });
      if (result.failed)
        throw new AoError(
          "E_EXEC_FAILED",
          `iTerm2 did not open ${sessionId}: ${result.stderr.trim() || `osascript exited with ${String(result.exitCode)}`}`,
          {
            hint: result.notFound
              ? "osascript ships with macOS; is this a Mac?"
              : "is iTerm2 installed? (brew install --cask iterm2)",
          },
        );
      return {};
    },
  };
}
