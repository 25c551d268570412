import type { Command } from "commander";
import type { CliRuntime } from "../cli-runtime.js";
import { jsonFlag } from "../common-flags.js";
import { addFlags, defineFlags, readFlags } from "../flags.js";
import { writeJson } from "../render.js";

const FLAGS = defineFlags(jsonFlag("print { session, daemon } as JSON"));

/**
 * `ao session ended <session>`: what a runtime runs when a session's agent exits (tmux's
 * `pane-died` hook, RuntimeCreateInput.onExit). It asks the daemon for a cycle now, so the exit
 * shows in `ao status` within seconds. Hidden from the help: people do not type it. It writes
 * nothing under AO_HOME (no log line): it runs in the background when a pane dies, also while a
 * session's AO_HOME is being removed.
 */
export function registerSessionEnded(session: Command, cli: CliRuntime): void {
  const ended = session
    .command("ended", { hidden: true })
    .description("run by the runtime when a session's agent exits: asks the daemon to look now")
    .argument("<session>", "session id");
  addFlags(ended, FLAGS).action(
    cli.action(async (ctx, id: string, _flags: unknown, command: Command) => {
      const flags = await readFlags(FLAGS, command);
      const { requestDaemonCycle } = await import("../../core/daemon/index.js");
      // Two looks: the lifecycle believes an exit on the second answer in a row (a probe can
      // misread a busy tmux once); tmux announced a dead pane, so both looks will see it.
      const first = await requestDaemonCycle(ctx.paths, { sessionIds: [id] });
      const daemon =
        first.outcome === "ran"
          ? (await requestDaemonCycle(ctx.paths, { sessionIds: [id] })).outcome
          : first.outcome;
      if (flags.json) writeJson(ctx.stdout, { session: id, daemon });
      return 0;
    }),
  );
}
