import type { Command } from "commander";
import { messageOf } from "../../core/errors.js";
import { globalOptions, type CliRuntime } from "../cli-runtime.js";
import { REMOTE_FLAGS, remoteDaemonFlags, remoteOptionsOf } from "../dashboard-remote-flags.js";
import { addFlags, readFlags } from "../flags.js";
import { portFlag } from "../port-flag.js";
import { remoteLines } from "../remote-lines.js";
import { writeJson, writeLines } from "../render.js";
import { registerDeviceCommands } from "./dashboard-devices.js";
import { registerPushCommands } from "./dashboard-push.js";

interface DashboardFlags {
  port?: string;
  /** commander's `--no-open`: false when given. */
  open: boolean;
  json?: boolean;
}

export function registerDashboardCommand(program: Command, cli: CliRuntime): void {
  const dashboard = program
    .command("dashboard")
    .description(
      "print (and open) the web dashboard's login URL; starts the daemon in the background when none runs",
    )
    .option("--port <n>", "when it starts the daemon: listen on this port (0 picks a free one)")
    .option("--no-open", "do not open a browser, only print the URL")
    .option("--json", 'print { "url", "pid", "port", "started", "remote" } as JSON');
  addFlags(dashboard, REMOTE_FLAGS).action(
    cli.action(async (ctx, flags: DashboardFlags, command: Command) => {
      const { ensureDashboard } = await import("../../web/server/ensure-dashboard.js");
      const remoteFlags = await readFlags(REMOTE_FLAGS, command);
      const options = remoteOptionsOf(remoteFlags, ctx.cwd);
      const answer = await ensureDashboard(ctx, {
        port: flags.port === undefined ? undefined : portFlag(flags.port),
        configPath: globalOptions(command).config,
        nodePath: process.execPath,
        platform: process.platform,
        remote: { options, daemonFlags: remoteDaemonFlags(options, remoteFlags.listen) },
      });
      if (answer.started) ctx.stderr.write(`started the daemon: pid ${answer.pid} (ao stop ends it)\n`);
      if (flags.json === true) writeJson(ctx.stdout, answer);
      else writeLines(ctx.stdout, [answer.url, ...remoteLines(answer.remote)]);
      if (flags.open) {
        const { openDashboard } = await import("../../web/server/dashboard-url.js");
        await openDashboard(ctx, answer.url, process.platform).catch((error: unknown) =>
          ctx.stderr.write(`warning: ${messageOf(error)}; open the URL above yourself\n`),
        );
      }
      return 0;
    }),
  );
  registerDeviceCommands(dashboard, cli);
  registerPushCommands(dashboard, cli);
}
