import type { Command } from "commander";
import type { CycleReport } from "../../core/daemon/cycle-types.js";
import { globalOptions, type CliRuntime } from "../cli-runtime.js";
import { writeJson, writeLines } from "../render.js";

interface StartFlags {
  foreground?: boolean;
  json?: boolean;
}

export function registerStartCommand(program: Command, cli: CliRuntime): void {
  program
    .command("start")
    .description("start the lifecycle daemon for this AO_HOME (in the background unless --foreground)")
    .argument("[project|repo]", "watch only this project; or a repository URL/path to clone, init and watch")
    .option("--foreground", "run in this process and log cycles to stderr (service managers, CI)")
    .option("--json", "print the daemon's pid, port and log path as JSON")
    .action(
      cli.action(async (ctx, target: string | undefined, flags: StartFlags, command: Command) => {
        const configPath = globalOptions(command).config;
        if (flags.foreground === true) {
          const { runDaemon } = await import("../../core/daemon/run-daemon.js");
          const { controlPlaneMount } = await import("../../mcp/control-mount.js");
          const signal = stopSignal();
          return runDaemon(ctx, {
            target,
            configPath,
            signal,
            pid: process.pid,
            platform: process.platform,
            version: command.parent?.version() ?? "unknown",
            mounts: [controlPlaneMount(command.parent?.version() ?? "unknown")],
            onReady: (info) => {
              if (flags.json === true) writeJson(ctx.stdout, info);
            },
            onCycle: (report) => ctx.stderr.write(`${cycleLine(report)}\n`),
          });
        }
        const { startDaemonInBackground } = await import("../../core/daemon/start-daemon.js");
        const started = await startDaemonInBackground(ctx, {
          target,
          configPath,
          nodePath: process.execPath,
          platform: process.platform,
        });
        if (flags.json === true) writeJson(ctx.stdout, started);
        else
          writeLines(ctx.stdout, [
            `daemon started: pid ${started.pid}, http://127.0.0.1:${started.port}`,
            `log: ${started.log}`,
          ]);
        return 0;
      }),
    );
}

/** SIGTERM (ao stop, service managers) and SIGINT (Ctrl-C) both mean: finish the cycle, then exit. */
function stopSignal(): AbortSignal {
  const controller = new AbortController();
  const stop = () => controller.abort();
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
  return controller.signal;
}

function cycleLine(report: CycleReport): string {
  const time = new Date(report.at).toISOString();
  const parts = [
    `${report.sessions} session(s)`,
    `${report.events} event(s)`,
    `${report.planned} planned`,
    `${report.delivered} delivered`,
  ];
  if (report.failed > 0) parts.push(`${report.failed} failed`);
  if (report.escalated > 0) parts.push(`${report.escalated} escalated`);
  const errors = report.errors.length > 0 ? `; errors: ${report.errors.join("; ")}` : "";
  return `${time} cycle: ${parts.join(", ")} in ${report.durationMs} ms${errors}`;
}
