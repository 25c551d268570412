import type { Command } from "commander";
import { globalOptions, type CliRuntime } from "../cli-runtime.js";
import { jsonFlag } from "../common-flags.js";
import { addFlags, defineFlags, readFlags } from "../flags.js";
import { renderView } from "./session.js";

const FLAGS = defineFlags({
  terminal: {
    type: "string",
    value: "name",
    description: "this terminal plugin instead of the configured one",
  },
  ...jsonFlag("print the result as JSON ({ session, url })"),
});

/** `ao open <session>`: the session in the terminal its project chose (tmux-attach, web, iterm2). */
export function registerOpenCommand(program: Command, cli: CliRuntime): void {
  const open = program
    .command("open")
    .description("open a session in the configured terminal (`terminal:`: tmux-attach, web, iterm2)")
    .argument("<session>", "session id");
  addFlags(open, FLAGS).action(
    cli.action(async (ctx, id: string, _flags: unknown, command: Command) => {
      const flags = await readFlags(FLAGS, command);
      const { attachSession } = await import("../../core/sessions/index.js");
      const view = await attachSession(ctx, id, {
        terminal: flags.terminal,
        configPath: globalOptions(command).config,
      });
      renderView(ctx.stdout, id, view, flags.json);
      return 0;
    }),
  );
}
