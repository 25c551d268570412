import type { Command } from "commander";
import { messageOf } from "../../core/errors.js";
import { globalOptions, type CliRuntime } from "../cli-runtime.js";
import { portFlag } from "../port-flag.js";
import { writeJson, writeLines } from "../render.js";

interface DashboardFlags {
  port?: string;
  /** commander's `--no-open`: false when given. */
  open: boolean;
  json?: boolean;
}

export function registerDashboardCommand(program: Command, cli: CliRuntime): void {
  program
    .command("dashboard")
    .description(
      "print (and open) the web dashboard's login URL; starts the daemon in the background when none runs",
    )
    .option("--port <n>", "when it starts the daemon: listen on this port (0 picks a free one)")
    .option("--no-open", "do not open a browser, only print the URL")
    .option("--json", 'print { "url", "pid", "port", "started" } as JSON')
    .action(
      cli.action(async (ctx, flags: DashboardFlags, command: Command) => {
        const { ensureDashboard } = await import("../../web/server/ensure-dashboard.js");
        const answer = await ensureDashboard(ctx, {
          port: flags.port === undefined ? undefined : portFlag(flags.port),
          configPath: globalOptions(command).config,
          nodePath: process.execPath,
          platform: process.platform,
        });
        if (answer.started) ctx.stderr.write(`started the daemon: pid ${answer.pid} (ao stop ends it)\n`);
        if (flags.json === true) writeJson(ctx.stdout, answer);
        else writeLines(ctx.stdout, [answer.url]);
        if (flags.open) {
          const { openDashboard } = await import("../../web/server/dashboard-url.js");
          await openDashboard(ctx, answer.url, process.platform).catch((error: unknown) =>
            ctx.stderr.write(`warning: ${messageOf(error)}; open the URL above yourself\n`),
          );
        }
        return 0;
      }),
    );
}
