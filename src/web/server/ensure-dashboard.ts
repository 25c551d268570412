import type { AoContext } from "../../core/context.js";
import { readDaemonStatus, servesDashboard } from "../../core/daemon-state/index.js";
import { AoError, EXIT_USAGE } from "../../core/errors.js";
import { readRemoteState, type RemoteState } from "../remote/remote-state.js";
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
  const state = await readRemoteState(ctx.paths.home, status.pid);
  refuseUnserved(status.pid, state, options.remote?.options ?? {});
  const url = await loginUrlOf(ctx, status.port);
  return { url, pid: status.pid, port: status.port, started: false, remote: remoteOf(state) };
}

/** A `--listen` or `--allow-host` the running daemon does not serve is refused, never ignored. */
function refuseUnserved(pid: number, state: RemoteState | undefined, asked: RemoteOptions): void {
  const wanted = asked.listen?.listen;
  const served = state?.listener?.listen;
  if (wanted !== undefined && !servesListen(served, hostPort(wanted.host, wanted.port)))
    throw usage(
      `the daemon (pid ${pid}) serves ${served === undefined ? "no --listen address" : `--listen ${served}`}`,
    );
  const missing = (asked.allowedHosts ?? []).filter((host) => !(state?.allowedHosts ?? []).includes(host));
  if (missing.length > 0)
    throw usage(`the daemon (pid ${pid}) does not accept --allow-host ${missing.join(", ")}`);
}

/** `--listen 0.0.0.0:0` is served by a daemon listening on 0.0.0.0 at whatever port it picked. */
function servesListen(served: string | undefined, wanted: string): boolean {
  if (served === undefined) return false;
  return served === wanted || (wanted.endsWith(":0") && served.replace(/:\d+$/, "") === wanted.slice(0, -2));
}

function remoteOf(state: RemoteState | undefined): DashboardAnswer["remote"] {
  const listener = state?.listener;
  return listener == null ? null : { urls: listener.urls, fingerprint: listener.fingerprint };
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
  const remote = remoteOf(await readRemoteState(ctx.paths.home, started.pid));
  return { url, pid: started.pid, port: started.port, started: true, remote };
}

function usage(message: string): AoError {
  return new AoError("E_USAGE", message, {
    hint: "ao stop, then ao dashboard [--port N] [--listen <addr>] (or ao start) starts one that serves it",
    exitCode: EXIT_USAGE,
  });
}
