import type { Command } from "commander";
import type { CliRuntime } from "../cli-runtime.js";
import { writeJson, writeLines } from "../render.js";

export function registerStopCommand(program: Command, cli: CliRuntime): void {
  program
    .command("stop")
    .description("stop the lifecycle daemon gracefully: it finishes the cycle in flight, then exits")
    .option("--json", "print the outcome as JSON")
    .action(
      cli.action(async (ctx, flags: { json?: boolean }) => {
        const { stopDaemon } = await import("../../core/daemon/index.js");
        const result = await stopDaemon(ctx);
        if (flags.json === true) writeJson(ctx.stdout, result);
        else if (!result.wasRunning) writeLines(ctx.stdout, ["daemon: not running"]);
        else writeLines(ctx.stdout, [`daemon stopped (pid ${result.pid}) after ${result.waitedMs} ms`]);
        return 0;
      }),
    );
}
