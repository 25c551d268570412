import type { Command } from "commander";
import { globalOptions, type CliRuntime } from "../cli-runtime.js";
import { jsonFlag } from "../common-flags.js";
import { addFlags, defineFlags, readFlags } from "../flags.js";
import { writeJson } from "../render.js";
import { terminalText } from "../terminal-text.js";

const FLAGS = defineFlags({
  lines: {
    type: "number",
    min: 1,
    max: 10_000,
    default: "200",
    description: "how many lines of screen and scrollback",
  },
  ...jsonFlag("print { session, status, source, text, note } as JSON"),
});

/** `ao session logs <id>`: what the agent shows, or the lines ao kept when it exited. */
export function registerSessionLogs(session: Command, cli: CliRuntime): void {
  const logs = session
    .command("logs")
    .description("print what a session's agent shows, or last showed before it ended")
    .argument("<id>", "session id");
  addFlags(logs, FLAGS).action(
    cli.action(async (ctx, id: string, _flags: unknown, command: Command) => {
      const flags = await readFlags(FLAGS, command);
      const { sessionLogs } = await import("../../core/sessions/index.js");
      const result = await sessionLogs(ctx, id, {
        lines: flags.lines,
        configPath: globalOptions(command).config,
      });
      if (flags.json) {
        writeJson(ctx.stdout, result);
        return 0;
      }
      ctx.stdout.write(terminalText(result.text));
      if (result.note !== null) ctx.stderr.write(`${id}: ${result.note}\n`);
      if (result.source === "kept")
        ctx.stderr.write(`${id}: the lines above are what ao kept when the agent exited\n`);
      return 0;
    }),
  );
}
