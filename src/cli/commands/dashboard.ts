import type { Command } from "commander";
import { messageOf } from "../../core/errors.js";
import { globalOptions, type CliRuntime } from "../cli-runtime.js";
import { REMOTE_FLAGS, remoteDaemonFlags, remoteOptionsOf } from "../dashboard-remote-flags.js";
import { jsonFlag } from "../common-flags.js";
import { addFlags, defineFlags, readFlags } from "../flags.js";
import { remoteLines } from "../remote-lines.js";
import { writeJson, writeLines } from "../render.js";
import { registerDeviceCommands } from "./dashboard-devices.js";
import { registerPushCommands } from "./dashboard-push.js";

const FLAGS = defineFlags({
  port: {
    type: "port",
    value: "n",
    description: "when it starts the daemon: listen on this port (0 picks a free one)",
  },
  open: { type: "boolean", default: true, description: "do not open a browser, only print the URL" },
  ...jsonFlag('print { "url", "pid", "port", "started", "remote" } as JSON'),
  ...REMOTE_FLAGS,
});

export function registerDashboardCommand(program: Command, cli: CliRuntime): void {
  const dashboard = program
    .command("dashboard")
    .description(
      "print (and open) the web dashboard's login URL; starts the daemon in the background when none runs",
    );
  addFlags(dashboard, FLAGS).action(
    cli.action(async (ctx, _flags: unknown, command: Command) => {
      const flags = await readFlags(FLAGS, command);
      const { ensureDashboard } = await import("../../web/server/ensure-dashboard.js");
      const options = remoteOptionsOf(flags, ctx.cwd);
      const answer = await ensureDashboard(ctx, {
        port: flags.port,
        configPath: globalOptions(command).config,
        nodePath: process.execPath,
        platform: process.platform,
        remote: { options, daemonFlags: remoteDaemonFlags(options, flags.listen) },
      });
      if (answer.started) ctx.stderr.write(`started the daemon: pid ${answer.pid} (ao stop ends it)\n`);
      if (flags.json) writeJson(ctx.stdout, answer);
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
