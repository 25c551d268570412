import type { Command } from "commander";
import type { CycleReport } from "../../core/daemon/index.js";
import type { DaemonInfo } from "../../core/daemon-state/index.js";
import type { AoContext } from "../../core/context.js";
import { globalOptions, type CliRuntime } from "../cli-runtime.js";
import { REMOTE_FLAGS, remoteDaemonFlags, remoteOptionsOf } from "../dashboard-remote-flags.js";
import { jsonFlag } from "../common-flags.js";
import { addFlags, defineFlags, readFlags } from "../flags.js";
import type { RemoteOptions } from "../../web/remote/remote-mount.js";
import { writeJson, writeLines } from "../render.js";
import { restoreJson, restoreLine } from "../restore-lines.js";
import type { RestoreOutcome } from "../../core/sessions/index.js";
import { remoteLines } from "../remote-lines.js";
import { AoError } from "../../core/errors.js";

const FLAGS = defineFlags({
  foreground: {
    type: "boolean",
    description: "run in this process and log cycles to stderr (service managers, CI)",
  },
  port: {
    type: "port",
    value: "n",
    description: "listen on this port instead of the configuration's `port` (0 picks a free one)",
  },
  dashboard: {
    type: "boolean",
    default: true,
    description: "do not serve the web dashboard (the API for ao and webhooks stays)",
  },
  installService: {
    type: "boolean",
    description:
      "write a user service (systemd on Linux, launchd on macOS) that runs ao start for this AO_HOME at login, print how to enable it, and exit",
  },
  force: { type: "boolean", description: "with --install-service: replace a different unit already there" },
  restore: {
    type: "boolean",
    default: true,
    description:
      "do not first restore the sessions whose agents are gone (after a reboot, sleep or a lost tmux server)",
  },
  ...jsonFlag("print the daemon's pid, port, log path and dashboard url as JSON"),
  ...REMOTE_FLAGS,
});

export function registerStartCommand(program: Command, cli: CliRuntime): void {
  const start = program
    .command("start")
    .description(
      "start the lifecycle daemon for this AO_HOME (in the background unless --foreground); it serves the dashboard on its port and prints the URL",
    )
    .argument(
      "[project|repo]",
      "watch only this project; or a checkout's path (used in place, ao init --auto when it has no config) or a repository URL (cloned into AO_HOME/repos)",
    );
  addFlags(start, FLAGS).action(
    cli.action(async (ctx, target: string | undefined, _flags: unknown, command: Command) => {
      const configPath = globalOptions(command).config;
      const flags = await readFlags(FLAGS, command);
      const { port } = flags;
      if (flags.installService) {
        const { installStartService } = await import("../start-service.js");
        return installStartService(ctx, { target, configPath, force: flags.force, json: flags.json });
      }
      if (flags.force)
        throw new AoError("E_USAGE", "--force goes with --install-service", {
          hint: "ao start --install-service --force",
        });
      const remote = remoteOptionsOf(flags, ctx.cwd);
      if (!flags.dashboard && (remote.listen !== undefined || remote.allowedHosts?.length))
        throw new AoError("E_USAGE", "--listen and --allow-host serve the dashboard", {
          hint: "drop --no-dashboard, or drop --listen/--allow-host",
        });
      const restored = flags.restore ? await restoreBeforeStart(ctx, configPath, target) : [];
      if (!flags.json) writeLines(flags.foreground ? ctx.stderr : ctx.stdout, restored.map(restoreLine));
      if (flags.foreground) {
        const [{ runDaemon }, { controlPlaneMount }, dashboard] = await Promise.all([
          import("../../core/daemon/index.js"),
          import("../../mcp/control-mount.js"),
          dashboardMounts(flags.dashboard, remote),
        ]);
        const mounts = [controlPlaneMount(command.parent?.version() ?? "unknown"), ...dashboard];
        const signal = stopSignal();
        keepRunningWhenOutputFails();
        return runDaemon(ctx, {
          target,
          configPath,
          signal,
          port,
          mounts,
          pid: process.pid,
          platform: process.platform,
          version: command.parent?.version() ?? "unknown",
          onReady: (info) => void printReady(ctx, info, flags.json, restored),
          onCycle: (report) => ctx.stderr.write(`${cycleLine(report)}\n`),
        });
      }
      const { startDaemonInBackground } = await import("../../core/daemon/index.js");
      const started = await startDaemonInBackground(ctx, {
        target,
        configPath,
        port,
        // This process restored (or was told not to): the daemon it starts must not restore again.
        daemonFlags: [
          "--no-restore",
          ...(flags.dashboard ? remoteDaemonFlags(remote, flags.listen) : ["--no-dashboard"]),
        ],
        nodePath: process.execPath,
        platform: process.platform,
      });
      const url = await dashboardUrlOf(ctx, started);
      const listening = await remoteOf(ctx, started.pid);
      if (flags.json)
        writeJson(ctx.stdout, {
          ...started,
          url,
          remote: listening ?? null,
          restored: restored.map(restoreJson),
        });
      else
        writeLines(ctx.stdout, [
          `daemon started: pid ${started.pid}, http://127.0.0.1:${started.port}`,
          ...(url === null ? [] : [`dashboard: ${url}`]),
          ...remoteLines(listening),
          `log: ${started.log}`,
        ]);
      return 0;
    }),
  );
}

/**
 * Sessions that should be running but whose agents are gone (a reboot, a sleep the tmux server did
 * not survive), restored before the daemon starts, each with its conversation where the agent can
 * resume it (docs/daemon.md, "After a reboot"); the ones still running are left out of the report.
 * With a project as the target, that project's sessions only.
 */
async function restoreBeforeStart(
  ctx: AoContext,
  configPath: string | undefined,
  target: string | undefined,
): Promise<RestoreOutcome[]> {
  const { restoreAllSessions } = await import("../../core/sessions/index.js");
  const project = target !== undefined && /^[\w.-]+$/u.test(target) ? target : undefined;
  const outcomes = await restoreAllSessions(ctx, { configPath, project });
  return outcomes.filter((outcome) => outcome.result?.action !== "already_running");
}

/**
 * The dashboard's route set with the live terminal's routes behind the same guard, unless
 * `--no-dashboard`: the CLI is what knows src/web, core never does.
 */
async function dashboardMounts(wanted: boolean, remote: RemoteOptions) {
  if (!wanted) return [];
  const [{ dashboardMount }, { terminalRoutes }, { createPaneHub }, { sessionPaneDeps }] = await Promise.all([
    import("../../web/server/dashboard-routes.js"),
    import("../../web/terminal/terminal-routes.js"),
    import("../../core/terminal/index.js"),
    import("../../core/terminal/index.js"),
  ]);
  return [
    dashboardMount({
      remote,
      routes: (daemon) => terminalRoutes(daemon.ctx, createPaneHub(sessionPaneDeps(daemon.ctx))),
    }),
  ];
}

/** The login URL when the daemon serves the dashboard, else null. */
async function dashboardUrlOf(ctx: AoContext, info: DaemonInfo): Promise<string | null> {
  const [{ loginUrlOf }, { servesDashboard }] = await Promise.all([
    import("../../web/server/dashboard-url.js"),
    import("../../core/daemon-state/index.js"),
  ]);
  return servesDashboard(info.routeSets) ? loginUrlOf(ctx, info.port) : null;
}

/**
 * In the foreground, stdout is often a log (the background daemon's is AO_HOME/logs/daemon.log, a
 * service manager's journal): the text line gives the address without the token; `ao dashboard`
 * prints the login URL. `--json`, asked for by a program, gets the login URL.
 */
async function printReady(
  ctx: AoContext,
  info: DaemonInfo,
  json: boolean,
  restored: readonly RestoreOutcome[],
): Promise<void> {
  const url = await dashboardUrlOf(ctx, info);
  const listening = await remoteOf(ctx, info.pid);
  if (json)
    writeJson(ctx.stdout, { ...info, url, remote: listening ?? null, restored: restored.map(restoreJson) });
  else if (url !== null)
    writeLines(ctx.stdout, [
      `dashboard: http://127.0.0.1:${info.port}/ (log in with the URL \`ao dashboard\` prints)`,
      ...remoteLines(listening),
    ]);
}

/** The `--listen` server as `ao dashboard --json` shows it too: `{urls, fingerprint}`. */
async function remoteOf(ctx: AoContext, pid: number) {
  const { readRemoteInfo } = await import("../../web/remote/remote-state.js");
  const info = await readRemoteInfo(ctx.paths.home, pid);
  return info === undefined ? undefined : { urls: info.urls, fingerprint: info.fingerprint };
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

/**
 * The daemon's stdout and stderr are daemon.log (spawn-detached.ts). On a full disk a write there
 * fails with an "error" event that, unhandled, would end the daemon; its state is in ao.db and its
 * agents keep running, so a line that cannot be logged is dropped instead.
 */
function keepRunningWhenOutputFails(): void {
  for (const stream of [process.stdout, process.stderr]) stream.on("error", () => undefined);
}
