import {
  checkProgram,
  installCommandFor,
  type PluginCheck,
  type PluginCheckContext,
  type PluginCleanupContext,
  type PluginProgram,
} from "../../core/plugin-api.js";
import { createTmuxClient, tmuxSocketPath } from "./tmux-client.js";
import { classifyTmuxFailure, tmuxComplaint } from "./tmux-errors.js";

/** tmux, for runtime/tmux (which runs agents in it) and terminal/tmux-attach (which attaches to it). */
export const TMUX_PROGRAM: PluginProgram = {
  binary: "tmux",
  versionArgs: ["-V"],
  install: { darwin: "brew install tmux", other: "sudo apt-get install -y tmux" },
};

/**
 * Both plugins report the same check (id `tmux`), so doctor shows one line: a runtime cannot work
 * without tmux (fail), a terminal only needs it to attach (`optional` says so: a warning).
 */
export async function checkTmux(ctx: PluginCheckContext, optional?: string): Promise<PluginCheck[]> {
  const check = await checkProgram(ctx, {
    id: "tmux",
    title: "tmux",
    binary: TMUX_PROGRAM.binary,
    versionArgs: TMUX_PROGRAM.versionArgs,
    fix: installCommandFor(TMUX_PROGRAM.install, ctx.platform),
    optional,
  });
  return [check];
}

/**
 * The cleanup capability: kills ao's tmux server of this AO_HOME, and with it every agent pane. No
 * server (never started, already gone, no tmux at all) is what was wanted.
 */
export async function killTmuxServer(ctx: Pick<PluginCleanupContext, "exec" | "paths">): Promise<string[]> {
  const client = createTmuxClient(ctx.exec, tmuxSocketPath(ctx.paths));
  const result = await client.run([["kill-server"]]);
  if (!result.failed || result.notFound) return [];
  if (!result.timedOut && classifyTmuxFailure(result.stderr) === "missing") return [];
  if (result.timedOut) return [`tmux -S ${client.socket} kill-server timed out`];
  return [`tmux -S ${client.socket} kill-server failed: ${tmuxComplaint(result.stderr, "tmux failed")}`];
}
