import type { AoContext } from "../../core/context.js";
import { readDaemonStatus, servesDashboard } from "../../core/daemon-state/index.js";
import { AoError, EXIT_USAGE } from "../../core/errors.js";
import { loginUrlOf } from "./dashboard-url.js";

export interface EnsureDashboardOptions {
  readonly port?: number | undefined;
  readonly configPath?: string | undefined;
  /** The node running this ao, to start the daemon with the same one. */
  readonly nodePath: string;
  readonly platform: string;
}

export interface DashboardAnswer {
  /** The login URL (token in the fragment). */
  readonly url: string;
  readonly pid: number;
  readonly port: number;
  /** True when no daemon ran and this call started one. */
  readonly started: boolean;
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
  return { url: await loginUrlOf(ctx, status.port), pid: status.pid, port: status.port, started: false };
}

async function startOne(ctx: AoContext, options: EnsureDashboardOptions): Promise<DashboardAnswer> {
  const { startDaemonInBackground } = await import("../../core/daemon/index.js");
  const started = await startDaemonInBackground(ctx, {
    configPath: options.configPath,
    port: options.port,
    nodePath: options.nodePath,
    platform: options.platform,
  });
  return { url: await loginUrlOf(ctx, started.port), pid: started.pid, port: started.port, started: true };
}

function usage(message: string): AoError {
  return new AoError("E_USAGE", message, {
    hint: "ao stop, then ao dashboard [--port N] (or ao start) starts one that serves it",
    exitCode: EXIT_USAGE,
  });
}
