import type { Command } from "commander";
import { globalOptions, type CliRuntime } from "../cli-runtime.js";
import { jsonFlag } from "../common-flags.js";
import { addFlags, defineFlags, readFlags } from "../flags.js";
import { writeJson, writeLines } from "../render.js";

const FLAGS = defineFlags({
  purge: { type: "boolean", description: "also remove the worktree" },
  force: { type: "boolean", description: "with --purge: discard uncommitted work in the worktree" },
  ...jsonFlag(),
});

/** `ao session kill <id> [--purge]`: stops the agent; the branch is always kept. */
export function registerSessionKill(session: Command, cli: CliRuntime): void {
  const kill = session
    .command("kill")
    .description("stop a session's agent; --purge also removes its worktree (the branch is always kept)")
    .argument("<id>", "session id");
  addFlags(kill, FLAGS).action(
    cli.action(async (ctx, id: string, _flags: unknown, command: Command) => {
      const flags = await readFlags(FLAGS, command);
      const { killSession } = await import("../../core/sessions/index.js");
      const result = await killSession(ctx, id, {
        purge: flags.purge,
        force: flags.force,
        configPath: globalOptions(command).config,
      });
      if (flags.json)
        writeJson(ctx.stdout, {
          session: result.session.id,
          status: result.session.status,
          workspace: result.workspace,
          branch: result.branch,
        });
      else
        writeLines(ctx.stdout, [`${id}: killed; worktree ${result.workspace}; branch ${result.branch} kept`]);
      return 0;
    }),
  );
}
