import type { Command } from "commander";
import type { OutputStream } from "../../core/context.js";
import type { CleanupAction } from "../../core/sessions/index.js";
import { globalOptions, type CliRuntime } from "../cli-runtime.js";
import { jsonFlag } from "../common-flags.js";
import { addFlags, defineFlags, readFlags } from "../flags.js";
import { writeJson, writeLines } from "../render.js";

const FLAGS = defineFlags({
  dryRun: { type: "boolean", description: "only say what would be done" },
  ...jsonFlag("print the actions as JSON"),
});

/** `ao session cleanup [--dry-run]`: rolls back interrupted spawns, removes ended sessions' worktrees. */
export function registerSessionCleanup(session: Command, cli: CliRuntime): void {
  const cleanup = session
    .command("cleanup")
    .description("roll back interrupted spawns and remove worktrees of killed, merged and closed sessions");
  addFlags(cleanup, FLAGS).action(
    cli.action(async (ctx, _flags: unknown, command: Command) => {
      const flags = await readFlags(FLAGS, command);
      const { cleanupSessions } = await import("../../core/sessions/index.js");
      const configPath = globalOptions(command).config;
      const actions = await cleanupSessions(ctx, { dryRun: flags.dryRun, configPath });
      if (flags.json) writeJson(ctx.stdout, { dryRun: flags.dryRun, actions });
      else renderCleanup(ctx.stdout, actions, flags.dryRun);
      return actions.some((action) => action.error !== undefined) ? 1 : 0;
    }),
  );
}

function renderCleanup(out: OutputStream, actions: readonly CleanupAction[], dryRun: boolean): void {
  if (actions.length === 0) {
    writeLines(out, ["nothing to clean up"]);
    return;
  }
  writeLines(
    out,
    actions.map((action) => {
      const [future, past] = VERBS[action.action];
      const verb = dryRun ? `would ${future}` : past;
      const failed = action.error === undefined ? "" : ` (failed: ${action.error})`;
      return `${action.session}: ${verb}: ${action.detail}${failed}`;
    }),
  );
}

/** How each cleanup action reads: before (--dry-run) and after it ran. */
const VERBS: Record<CleanupAction["action"], [string, string]> = {
  rolled_back_spawn: ["roll back the spawn", "rolled back the spawn"],
  finished_spawn: ["finish the spawn", "finished the spawn"],
  stopped_runtime: ["stop the runtime", "stopped the runtime"],
  removed_workspace: ["remove the worktree", "removed the worktree"],
  kept_workspace: ["keep the worktree", "kept the worktree"],
  skipped: ["skip it", "skipped"],
};
