import type { Command } from "commander";
import { globalOptions, type CliRuntime } from "../cli-runtime.js";
import { jsonFlag } from "../common-flags.js";
import { addFlags, defineFlags, readFlags } from "../flags.js";
import { writeJson, writeLines } from "../render.js";

const FLAGS = defineFlags(jsonFlag("print { session, from, to, source } as JSON"));

/**
 * `ao session remap <session> [<conversation-id>]`: which of the agent's conversations the session
 * resumes. The original ao had it for OpenCode alone; here it works for every agent with `resume`.
 */
export function registerSessionRemap(session: Command, cli: CliRuntime): void {
  const remap = session
    .command("remap")
    .description(
      "point a session at the agent's conversation a restore resumes (default: the newest the agent recorded in its checkout)",
    )
    .argument("<session>", "session id")
    .argument("[conversation-id]", "the agent's own conversation id (Claude Code's session id, Codex's…)");
  addFlags(remap, FLAGS)
    .addHelpText(
      "after",
      "\nExamples:\n  ao session remap app-1                 # the newest conversation in app-1's checkout\n  ao session remap app-1 5f1c2e9a-…      # this one\n  ao session restore app-1               # resumes it (claude --resume <id>, codex resume <id>)\n",
    )
    .action(
      cli.action(
        async (ctx, id: string, conversationId: string | undefined, _flags: unknown, command: Command) => {
          const flags = await readFlags(FLAGS, command);
          const { remapSession } = await import("../../core/sessions/index.js");
          const result = await remapSession(ctx, id, {
            conversationId,
            configPath: globalOptions(command).config,
          });
          if (flags.json)
            writeJson(ctx.stdout, { session: id, from: result.from, to: result.to, source: result.source });
          else {
            writeLines(ctx.stdout, [result.to]);
            ctx.stderr.write(
              `${id}: conversation ${result.from ?? "(none)"} → ${result.to}; \`ao session restore ${id}\` resumes it\n`,
            );
          }
          return 0;
        },
      ),
    );
}
