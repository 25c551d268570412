import { z } from "zod";
import { AoError, definePlugin, type PluginContext, type Terminal } from "../../core/plugin-api.js";
import { tmuxSocketPath } from "../_shared/tmux-client.js";
import { assertTmuxSessionRunning } from "../_shared/tmux-running.js";
import { writeLauncherPage } from "./web/launcher-page.js";

/**
 * terminal/web: opens the session's page of the dashboard in the person's browser, where the live
 * terminal shows the pane (read-only until "Take control"). The browser gets a 0600 file that
 * forwards to the logged-in URL, so the token never sits in a process's argv.
 */
export const plugin = definePlugin({
  slot: "terminal",
  name: "web",
  description: "opens the session's dashboard page (live terminal) in the browser",
  options: z.strictObject({
    /** false: only answer the URL (`ao open --json` prints it), open no browser. */
    browser: z.boolean().default(true),
  }),
  create: (options, ctx) => createWebTerminal(ctx, options),
});

type WebContext = Pick<PluginContext, "exec" | "paths">;

export function createWebTerminal(
  ctx: WebContext,
  options: { browser: boolean },
  platform: string = process.platform,
): Terminal {
  return {
    async open(handle, { sessionId, pageUrl }) {
      // Core opens only sessions its store calls live; a tmux pane is also asked, as tmux-attach does.
      if (handle.runtime === "tmux")
        await assertTmuxSessionRunning(
          ctx.exec,
          handle.data?.["socket"] ?? tmuxSocketPath(ctx.paths),
          handle.id,
          sessionId,
        );
      if (pageUrl === undefined)
        throw new AoError(
          "E_DAEMON_FAILED",
          `the dashboard is not running, so ${sessionId} has no page to open`,
          {
            hint: "start it with `ao start` (the daemon serves the dashboard)",
            details: { session: sessionId },
          },
        );
      if (options.browser)
        await openInBrowser(ctx, writeLauncherPage(ctx.paths, sessionId, pageUrl), platform);
      return { url: pageUrl };
    },
  };
}

async function openInBrowser(ctx: WebContext, file: string, platform: string): Promise<void> {
  const opener = platform === "darwin" ? "open" : platform === "win32" ? "explorer" : "xdg-open";
  const result = await ctx.exec(opener, [file], { reject: false, timeoutMs: 15_000 });
  if (!result.failed) return;
  throw new AoError(
    "E_EXEC_FAILED",
    `${opener} could not open the browser: ${result.stderr.trim() || "no reason given"}`,
    {
      hint: "open the URL `ao session attach --web <session>` prints yourself",
    },
  );
}
