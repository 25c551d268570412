import { z } from "zod";
import {
  AoError,
  definePlugin,
  findOnPath,
  redactText,
  type Notifier,
  type PluginContext,
} from "../../core/plugin-api.js";
import { osascriptArgs } from "./desktop/applescript.js";
import { checkDesktop } from "./desktop/desktop-check.js";
import { notifySendArgs } from "./desktop/notify-send.js";

export const desktopOptions = z.strictObject({
  timeoutMs: z.number().int().min(100).default(10_000).meta({
    description: "How long notify-send or osascript may take to hand the notification over.",
  }),
});

export type DesktopOptions = z.output<typeof desktopOptions>;

/**
 * notifier/desktop (the default): `notify-send` on Linux and other Unixes, `osascript` on macOS,
 * run by absolute path through ctx.exec with an argument array.
 */
export const plugin = definePlugin({
  slot: "notifier",
  name: "desktop",
  description: "desktop notifications through notify-send (Linux) or osascript (macOS)",
  options: desktopOptions,
  create: (options, ctx) => createDesktopNotifier(ctx, options),
  doctor: (_options, ctx) => checkDesktop(ctx),
});

type DesktopContext = Pick<PluginContext, "env" | "exec" | "stderr" | "logger">;

/**
 * A machine without the program (a server, a container) cannot show anything: it is said once on
 * stderr and in the log, and every notify rejects with `E_NOTIFIER_UNAVAILABLE`, which core records
 * as `notification.dropped` (never as sent; `ao doctor` warns before it happens). A program that is
 * there but fails (no notification service on the session bus) rejects like any notifier that could
 * not deliver.
 */
export function createDesktopNotifier(
  ctx: DesktopContext,
  options: DesktopOptions,
  platform: NodeJS.Platform = process.platform,
): Notifier {
  const program = platform === "darwin" ? "osascript" : "notify-send";
  let warned = false;
  return {
    async notify(notification) {
      const path = await findOnPath(program, ctx.env["PATH"]);
      if (path === undefined) {
        if (!warned) warnUnavailable(ctx, program);
        warned = true;
        throw new AoError("E_NOTIFIER_UNAVAILABLE", `${program} was not found on PATH`, {
          hint: unavailableHint(program),
        });
      }
      const args = program === "osascript" ? osascriptArgs(notification) : notifySendArgs(notification);
      const result = await ctx.exec(path, args, {
        env: ctx.env,
        timeoutMs: options.timeoutMs,
        reject: false,
      });
      if (!result.failed) return;
      const why = result.timedOut ? "timed out" : `exited with ${String(result.exitCode)}`;
      const tail = redactText(result.stderr.trim().split("\n").slice(-2).join(" "));
      throw new AoError("E_NOTIFY_FAILED", `${program} ${why}${tail ? `: ${tail}` : ""}`, {
        hint: "check that a notification service runs in this desktop session, or route notifications elsewhere",
      });
    },
  };
}

function unavailableHint(program: string): string {
  const install = program === "notify-send" ? "install libnotify-bin (or libnotify), or " : "";
  return `${install}route notifications to slack or webhook in notificationRouting`;
}

function warnUnavailable(ctx: DesktopContext, program: string): void {
  const message =
    `desktop notifications are off: ${program} was not found on PATH; ` +
    `notifications routed to desktop are dropped (${unavailableHint(program)})`;
  ctx.stderr.write(`warning: ${message}\n`);
  ctx.logger.warn(message, { program });
}
