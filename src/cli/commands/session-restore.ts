import type { Command } from "commander";
import type { RestoreOutcome } from "../../core/sessions/index.js";
import { AoError } from "../../core/errors.js";
import { globalOptions, type CliRuntime } from "../cli-runtime.js";
import { jsonFlag } from "../common-flags.js";
import { addFlags, defineFlags, readFlags } from "../flags.js";
import { writeJson, writeLines } from "../render.js";
import { restoreJson, restoreLine } from "../restore-lines.js";

const FLAGS = defineFlags({
  all: { type: "boolean", description: "restore every session that should be running" },
  force: {
    type: "boolean",
    description: "restore even when liveness cannot be told, or a spawn seems to be in progress",
  },
  ...jsonFlag(),
});

/** `ao session restore <id> | --all`: brings sessions back; exit 1 if any could not be. */
export function registerSessionRestore(session: Command, cli: CliRuntime): void {
  const restore = session
    .command("restore")
    .description(
      "bring a session back after its agent, tmux or the machine stopped; finishes interrupted spawns",
    )
    .argument("[id]", "session id");
  addFlags(restore, FLAGS).action(
    cli.action(async (ctx, id: string | undefined, _flags: unknown, command: Command) => {
      const flags = await readFlags(FLAGS, command);
      const { restoreSession, restoreAllSessions } = await import("../../core/sessions/index.js");
      const options = { configPath: globalOptions(command).config, force: flags.force };
      if ((id === undefined) === !flags.all)
        throw new AoError("E_USAGE", "give either a session id or --all", {
          hint: "ao session restore app-3, or ao session restore --all",
        });
      const outcomes: RestoreOutcome[] =
        id === undefined
          ? await restoreAllSessions(ctx, options)
          : [{ session: id, result: await restoreSession(ctx, id, options) }];
      if (flags.json) writeJson(ctx.stdout, { results: outcomes.map(restoreJson) });
      else writeLines(ctx.stdout, outcomes.map(restoreLine));
      return outcomes.some((outcome) => outcome.error !== undefined) ? 1 : 0;
    }),
  );
}
