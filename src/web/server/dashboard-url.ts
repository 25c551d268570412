import { randomBytes } from "node:crypto";
import { rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { AoContext } from "../../core/context.js";
import { daemonFiles, readDaemonToken, dashboardAddress } from "../../core/daemon-state/index.js";
import { AoError } from "../../core/errors.js";

/** The URL that logs a browser in: the token in the fragment, which browsers never send anywhere. */
export function dashboardLoginUrl(port: number, token: string): string {
  return `${dashboardAddress(port)}#token=${token}`;
}

/** The login URL of this AO_HOME's running daemon (its token file is 0600, readable by this user only). */
export async function loginUrlOf(ctx: Pick<AoContext, "paths">, port: number): Promise<string> {
  const token = await readDaemonToken(daemonFiles(ctx.paths));
  if (token === undefined)
    throw new AoError(
      "E_DAEMON_FAILED",
      `the daemon's token file ${daemonFiles(ctx.paths).token} is missing`,
      {
        hint: "restart the daemon: ao stop && ao start",
      },
    );
  return dashboardLoginUrl(port, token);
}

/**
 * Opens the dashboard in the person's browser without putting the token on a command line (where
 * `ps` shows it to every user): the URL goes into a 0600 page under AO_HOME that forwards to it,
 * and the opener (`xdg-open`, `open` on macOS) is given that file. Resolves to the file.
 */
export async function openDashboard(ctx: AoContext, url: string, platform: string): Promise<string> {
  const file = join(ctx.paths.home, "dashboard-open.html");
  const temp = `${file}.${randomBytes(6).toString("hex")}.tmp`;
  await writeFile(temp, forwardingPage(url), { mode: 0o600, flag: "wx" });
  await rename(temp, file).catch(async (error: unknown) => {
    await rm(temp, { force: true });
    throw error;
  });
  const opener = platform === "darwin" ? "open" : "xdg-open";
  const result = await ctx.exec(opener, [file], { reject: false, timeoutMs: 15_000 });
  if (result.failed)
    throw new AoError("E_EXEC_FAILED", `${opener} could not open the dashboard`, {
      hint: `open it yourself: ao dashboard --no-open prints the URL`,
      details: { opener, exitCode: result.exitCode ?? null, notFound: result.notFound },
    });
  return file;
}

function forwardingPage(url: string): string {
  const json = JSON.stringify(url).replace(/</g, "\\u003c");
  return [
    "<!doctype html>",
    '<html lang="en"><head><meta charset="utf-8"><meta name="referrer" content="no-referrer"><title>ao dashboard</title></head>',
    `<body><p>Opening the ao dashboard…</p><script>location.replace(${json});</script></body></html>`,
    "",
  ].join("\n");
}
