import { rmSync } from "node:fs";
import { definePlugin, type PluginContext, type Runtime, type RuntimeHandle } from "../../core/plugin-api.js";
import type { TmuxRuntimeOptions } from "./_shared/plugin-options.js";
import { createTmuxClient, tmuxSocketPath, type TmuxClient } from "../_shared/tmux-client.js";
import { checkTmux, TMUX_PROGRAM } from "../_shared/tmux-program.js";
import { assertTmuxSessionName } from "../_shared/tmux-target.js";
import { realSleep, type Waits } from "./_shared/poll-until.js";
import { runDir } from "./_shared/run-dir.js";
import { livenessOfAll } from "./tmux/all-panes.js";
import { deliverSettings, deliverToPane, pressOnce, submitOnce } from "./tmux/deliver-to-pane.js";
import { writeEnvFile } from "./tmux/env-file.js";
import { paneCommand } from "./tmux/pane-command.js";
import { attachTmuxPane } from "./tmux/pane-attachment.js";
import { captureMany } from "./tmux/capture-many.js";
import { capturePane } from "./tmux/capture-pane.js";
import { paneLiveness, probePane } from "./tmux/pane-probe.js";
import { startTmuxSession } from "./tmux/start-session.js";
import { tmuxRunningAgents } from "./tmux/running-agents.js";
import { tmuxServerGone } from "./tmux/server-gone.js";
import { stopTmuxServer, stopTmuxSession } from "./tmux/stop-session.js";

export type { TmuxRuntimeOptions } from "./_shared/plugin-options.js";

/** The runtime over ao's own tmux server; `waits` is injectable so tests can control time. */
export function createTmuxRuntime(ctx: PluginContext, options: TmuxRuntimeOptions, waits?: Waits): Runtime {
  const time: Waits = waits ?? { clock: ctx.clock, sleep: realSleep };
  const clientFor = (handle: RuntimeHandle): TmuxClient =>
    createTmuxClient(ctx.exec, handle.data?.["socket"] ?? tmuxSocketPath(ctx.paths));
  return {
    async create(input) {
      const session = assertTmuxSessionName(input.sessionId);
      const client = createTmuxClient(ctx.exec, tmuxSocketPath(ctx.paths));
      const hasEnv = Object.keys(input.env).length > 0;
      const envFile = hasEnv ? writeEnvFile(runDir(ctx.paths), session, input.env) : undefined;
      try {
        const command = paneCommand(input.argv, envFile);
        await startTmuxSession(client, {
          session,
          cwd: input.cwd,
          command,
          onExit: input.onExit,
          ...options,
        });
      } catch (error) {
        if (envFile !== undefined) rmSync(envFile, { force: true });
        throw error;
      }
      return { runtime: "tmux", id: session, data: { socket: client.socket } };
    },
    handleFor: (sessionId) => ({
      runtime: "tmux",
      id: assertTmuxSessionName(sessionId),
      data: { socket: tmuxSocketPath(ctx.paths) },
    }),
    async liveness(handle) {
      return paneLiveness(await probePane(clientFor(handle), handle.id, time));
    },
    livenessMany(handles) {
      return livenessOfAll(handles, clientFor, async (handle) =>
        paneLiveness(await probePane(clientFor(handle), handle.id, time)),
      );
    },
    // deliverToPane calls beforePaste before it pastes (docs/turns.md, Recovery).
    announcesPaste: true,
    deliver: (handle, text, deliverOptions) =>
      deliverToPane(clientFor(handle), handle.id, text, deliverSettings(options, deliverOptions), time),
    submit: (handle) => submitOnce(clientFor(handle), handle.id, time),
    press: (handle, key) => pressOnce(clientFor(handle), handle.id, key, time),
    capture: (handle, { lines }) => capturePane(clientFor(handle), handle.id, lines),
    captureMany: (handles, { lines }) => captureMany(handles, lines, clientFor),
    attachPane: (handle) => attachTmuxPane(ctx, clientFor(handle), assertTmuxSessionName(handle.id)),
    stop: (handle) => stopTmuxSession(clientFor(handle), handle.id, time),
  };
}

export const plugin = definePlugin({
  slot: "runtime",
  name: "tmux",
  description: "Runs each agent in a pane of ao's own tmux server (socket under AO_HOME)",
  // Built on the first options given: `ao status` probes liveness without any.
  options: () => import("./_shared/plugin-options.js").then((schemas) => schemas.tmuxRuntimeOptions),
  defaults: {
    width: 220,
    height: 50,
    historyLimit: 10_000,
    deliverTimeoutMs: 15_000,
    submitConfirmMs: 2_000,
    submitRetries: 3,
  },
  program: TMUX_PROGRAM,
  doctor: (_options, ctx) => checkTmux(ctx),
  cleanup: (ctx) => stopTmuxServer(ctx),
  runningAgents: (ctx) => tmuxRunningAgents(ctx),
  serverGone: (ctx) => tmuxServerGone(ctx),
  create: (options, ctx) => createTmuxRuntime(ctx, options),
});
