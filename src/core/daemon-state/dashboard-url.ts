import type { AoContext } from "../context.js";
import { AoError } from "../errors.js";
import { daemonFiles, readDaemonToken } from "./daemon-files.js";
import { readDaemonStatus } from "./daemon-status.js";

/** The dashboard route set's owner name: the route table names it in a collision, daemon.json lists it. */
export const DASHBOARD_OWNER = "dashboard";

/** Whether a running daemon's server mounted the dashboard (daemon.json's route sets). */
export function servesDashboard(routeSets: readonly string[] | undefined): boolean {
  return routeSets?.includes(DASHBOARD_OWNER) === true;
}

/** The dashboard's address without credentials: what `ao status --json` shows. */
export function dashboardAddress(port: number): string {
  return `http://127.0.0.1:${port}/`;
}

/**
 * The dashboard's address: the fleet (`#/`) or one session (`#/s/<id>`), and with `token` the
 * URL that logs a browser in (the page trades `?token=` in the fragment for a cookie; browsers
 * never send a fragment to any server).
 */
export function dashboardUrl(port: number, options: { sessionId?: string; token?: string } = {}): string {
  const route = options.sessionId === undefined ? "/" : `/s/${encodeURIComponent(options.sessionId)}`;
  const login = options.token === undefined ? "" : `?token=${encodeURIComponent(options.token)}`;
  return `${dashboardAddress(port)}#${route}${login}`;
}

/** The logged-in URL of a session's page on the running daemon; E_DAEMON_FAILED when none runs. */
export async function sessionPageUrl(
  ctx: Pick<AoContext, "paths" | "clock">,
  sessionId: string,
): Promise<string> {
  const url = await sessionPageUrlIfServed(ctx, sessionId);
  if (url !== undefined) return url;
  throw new AoError("E_DAEMON_FAILED", "the dashboard is not running, so the session has no page to open", {
    hint: "start it with `ao start` (the daemon serves the dashboard), then try again",
  });
}

/** The same, or undefined when no daemon serves the dashboard. */
export async function sessionPageUrlIfServed(
  ctx: Pick<AoContext, "paths" | "clock">,
  sessionId: string,
): Promise<string | undefined> {
  const status = await readDaemonStatus(ctx);
  if (!status.running || status.port === undefined || !servesDashboard(status.routeSets)) return undefined;
  const token = await readDaemonToken(daemonFiles(ctx.paths));
  return dashboardUrl(status.port, { sessionId, ...(token === undefined ? {} : { token }) });
}
