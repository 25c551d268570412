import type { Command } from "commander";
import { globalOptions, type CliRuntime } from "../cli-runtime.js";
import { renderView } from "./session.js";

/** `ao open <session>`: the session in the terminal its project chose (tmux-attach, web, iterm2). */
export function registerOpenCommand(program: Command, cli: CliRuntime): void {
  program
    .command("open")
    .description("open a session in the configured terminal (`terminal:`: tmux-attach, web, iterm2)")
    .argument("<session>", "session id")
    .option("--terminal <name>", "this terminal plugin instead of the configured one")
    .option("--json", "print the result as JSON ({ session, url })")
    .action(
      cli.action(async (ctx, id: string, flags: { terminal?: string; json?: boolean }, command: Command) => {
        const { attachSession } = await import("../../core/sessions/index.js");
        const view = await attachSession(ctx, id, {
          terminal: flags.terminal,
          configPath: globalOptions(command).config,
        });
        renderView(ctx.stdout, id, view, flags.json === true);
        return 0;
      }),
    );
}
