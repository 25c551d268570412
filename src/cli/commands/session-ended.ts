import type { Command } from "commander";
import type { CliRuntime } from "../cli-runtime.js";
import { writeJson } from "../render.js";

/**
 * `ao session ended <session>`: what a runtime runs when a session's agent exits (tmux's
 * `pane-died` hook, RuntimeCreateInput.onExit). It asks the daemon for a cycle now, so the exit
 * shows in `ao status` within seconds. Hidden from the help: people do not type it. It writes
 * nothing under AO_HOME (no log line): it runs in the background when a pane dies, also while a
 * session's AO_HOME is being removed.
 */
export function registerSessionEnded(session: Command, cli: CliRuntime): void {
  session
    .command("ended", { hidden: true })
    .description("run by the runtime when a session's agent exits: asks the daemon to look now")
    .argument("<session>", "session id")
    .option("--json", "print { session, daemon } as JSON")
    .action(
      cli.action(async (ctx, id: string, flags: { json?: boolean }) => {
        const { requestDaemonCycle } = await import("../../core/daemon/index.js");
        // Two looks: the lifecycle believes an exit on the second answer in a row (a probe can
        // misread a busy tmux once); tmux announced a dead pane, so both looks will see it.
        const first = await requestDaemonCycle(ctx.paths, { sessionIds: [id] });
        const daemon =
          first.outcome === "ran"
            ? (await requestDaemonCycle(ctx.paths, { sessionIds: [id] })).outcome
            : first.outcome;
        if (flags.json === true) writeJson(ctx.stdout, { session: id, daemon });
        return 0;
      }),
    );
}
