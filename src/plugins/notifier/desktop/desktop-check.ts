import { existsSync } from "node:fs";
import { join } from "node:path";
import { findOnPath, type PluginCheck, type PluginCheckContext } from "../../../core/plugin-api.js";

/**
 * notifier/desktop's doctor capability: the program it runs is on PATH, and on Linux there is a
 * desktop session to show a notification in (a session bus or a display). Either missing is a
 * warning, not a failure: agents still work, but nobody would see their notifications.
 */
export async function checkDesktop(ctx: PluginCheckContext): Promise<PluginCheck[]> {
  const base = { id: "notifier:desktop", title: "desktop notifications" };
  const program = ctx.platform === "darwin" ? "osascript" : "notify-send";
  const path = await findOnPath(program, ctx.env["PATH"]);
  const elsewhere = "or route notifications to slack or webhook (notificationRouting)";
  if (path === undefined) {
    const install = program === "notify-send" ? "install libnotify-bin (Debian/Ubuntu) " : "";
    return [
      {
        ...base,
        status: "warn",
        detail: `${program} not found on PATH: notifications routed to desktop would be dropped`,
        fix: `${install}${elsewhere}`,
      },
    ];
  }
  if (ctx.platform !== "darwin" && !hasDesktopSession(ctx.env))
    return [
      {
        ...base,
        status: "warn",
        detail: `${program} is there, but no desktop session (no DBUS_SESSION_BUS_ADDRESS, DISPLAY or WAYLAND_DISPLAY)`,
        fix: `run ao from a desktop session, ${elsewhere}`,
      },
    ];
  return [{ ...base, status: "ok", detail: `through ${path}` }];
}

/** notify-send talks to the session bus: named in the environment, or at its standard socket. */
function hasDesktopSession(env: PluginCheckContext["env"]): boolean {
  const named = ["DBUS_SESSION_BUS_ADDRESS", "DISPLAY", "WAYLAND_DISPLAY"].some(
    (key) => (env[key] ?? "") !== "",
  );
  const runtimeDir = env["XDG_RUNTIME_DIR"];
  return named || (runtimeDir !== undefined && runtimeDir !== "" && existsSync(join(runtimeDir, "bus")));
}
