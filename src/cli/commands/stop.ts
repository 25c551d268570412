import type { Command } from "commander";
import type { CliRuntime } from "../cli-runtime.js";
import { jsonFlag } from "../common-flags.js";
import { addFlags, defineFlags, readFlags } from "../flags.js";
import { writeJson, writeLines } from "../render.js";

const FLAGS = defineFlags(jsonFlag("print the outcome as JSON"));

/** `ao stop`: the daemon finishes its cycle and exits. */
export function registerStopCommand(program: Command, cli: CliRuntime): void {
  const stop = program
    .command("stop")
    .description("stop the lifecycle daemon gracefully: it finishes the cycle in flight, then exits");
  addFlags(stop, FLAGS).action(
    cli.action(async (ctx, _flags: unknown, command: Command) => {
      const flags = await readFlags(FLAGS, command);
      const { stopDaemon } = await import("../../core/daemon/index.js");
      const result = await stopDaemon(ctx);
      if (flags.json) writeJson(ctx.stdout, result);
      else if (!result.wasRunning) writeLines(ctx.stdout, ["daemon: not running"]);
      else writeLines(ctx.stdout, [`daemon stopped (pid ${result.pid}) after ${result.waitedMs} ms`]);
      return 0;
    }),
  );
}
