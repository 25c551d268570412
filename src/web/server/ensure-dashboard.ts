import type { AoContext } from "../../core/context.js";
import { readDaemonStatus, servesDashboard } from "../../core/daemon-state/index.js";
import { AoError, EXIT_USAGE } from "../../core/errors.js";
import { readRemoteInfo } from "../remote/remote-listener.js";
import { hostPort } from "../remote/listen-address.js";
import type { RemoteOptions } from "../remote/remote-mount.js";
import { loginUrlOf } from "./dashboard-url.js";

export interface EnsureDashboardOptions {
  readonly port?: number | undefined;
  readonly configPath?: string | undefined;
  /** The node running this ao, to start the daemon with the same one. */
  readonly nodePath: string;
  readonly platform: string;
  /** `--listen` and `--allow-host`, and the daemon flags that ask for them. */
  readonly remote?: { readonly options: RemoteOptions; readonly daemonFlags: readonly string[] } | undefined;
}

export interface DashboardAnswer {
  /** The login URL (token in the fragment). */
  readonly url: string;
  readonly pid: number;
  readonly port: number;
  /** True when no daemon ran and this call started one. */
  readonly started: boolean;
  /** The `--listen` HTTPS server, when the daemon serves one. */
  readonly remote: { readonly urls: readonly string[]; readonly fingerprint: string } | null;
}

/**
 * `ao dashboard`: the dashboard is the daemon's (docs/dashboard.md, "Choices"), so with no daemon
 * running this starts one in the background, exactly as `ao start` does, rather than serving a
 * second, cycle-less server whose data would go stale. With one running, it answers its URL; one
 * started with `--no-dashboard`, or on another port than `--port` asks, is refused with what to do.
 */
export async function ensureDashboard(
  ctx: AoContext,
  options: EnsureDashboardOptions,
): Promise<DashboardAnswer> {
  const status = await readDaemonStatus(ctx);
  if (!status.running) return startOne(ctx, options);
  if (status.pid === undefined || status.port === undefined)
    throw new AoError("E_DAEMON_FAILED", "the daemon is starting and has not written its address yet", {
      hint: "run ao dashboard again in a moment",
    });
  if (options.port !== undefined && options.port !== 0 && options.port !== status.port)
    throw usage(`the daemon (pid ${status.pid}) already serves port ${status.port}, not ${options.port}`);
  if (!servesDashboard(status.routeSets))
    throw usage(`the daemon (pid ${status.pid}) runs without the dashboard (ao start --no-dashboard)`);
  const remote = await readRemoteInfo(ctx.paths.home, status.pid);
  const wanted = options.remote?.options.listen?.listen;
  if (wanted !== undefined && !servesListen(remote?.listen, hostPort(wanted.host, wanted.port)))
    throw usage(
      `the daemon (pid ${status.pid}) serves ${remote === undefined ? "no --listen address" : `--listen ${remote.listen}`}`,
    );
  const url = await loginUrlOf(ctx, status.port);
  return { url, pid: status.pid, port: status.port, started: false, remote: remoteOf(remote) };
}

/** `--listen 0.0.0.0:0` is served by a daemon listening on 0.0.0.0 at whatever port it picked. */
function servesListen(served: string | undefined, wanted: string): boolean {
  if (served === undefined) return false;
  return served === wanted || (wanted.endsWith(":0") && served.replace(/:\d+$/, "") === wanted.slice(0, -2));
}

function remoteOf(
  info: { urls: readonly string[]; fingerprint: string } | undefined,
): DashboardAnswer["remote"] {
  return info === undefined ? null : { urls: info.urls, fingerprint: info.fingerprint };
}

async function startOne(ctx: AoContext, options: EnsureDashboardOptions): Promise<DashboardAnswer> {
  const { startDaemonInBackground } = await import("../../core/daemon/index.js");
  const started = await startDaemonInBackground(ctx, {
    configPath: options.configPath,
    port: options.port,
    nodePath: options.nodePath,
    platform: options.platform,
    daemonFlags: options.remote?.daemonFlags ?? [],
  });
  const url = await loginUrlOf(ctx, started.port);
  const remote = remoteOf(await readRemoteInfo(ctx.paths.home, started.pid));
  return { url, pid: started.pid, port: started.port, started: true, remote };
}

function usage(message: string): AoError {
  return new AoError("E_USAGE", message, {
    hint: "ao stop, then ao dashboard [--port N] [--listen <addr>] (or ao start) starts one that serves it",
    exitCode: EXIT_USAGE,
  });
}
