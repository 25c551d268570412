import { resolve } from "node:path";
import type { AoContext } from "../core/context.js";
import { writeJson, writeLines } from "./render.js";

/**
 * `ao start --install-service`: writes the user service (systemd on Linux, launchd on macOS) that
 * runs `ao start --foreground` for this AO_HOME, with the same configuration and target, at login;
 * prints what it wrote and the commands that enable it. Nothing is started or enabled.
 */
export async function installStartService(
  ctx: AoContext,
  options: { target: string | undefined; configPath: string | undefined; force: boolean; json: boolean },
): Promise<number> {
  const [{ installService }, { aoEntryScript }] = await Promise.all([
    import("../core/daemon/index.js"),
    import("../core/ao-entry.js"),
  ]);
  const argv = [
    process.execPath,
    aoEntryScript(),
    "start",
    "--foreground",
    ...(options.configPath === undefined ? [] : ["--config", resolve(ctx.cwd, options.configPath)]),
    ...(options.target === undefined ? [] : [options.target]),
  ];
  const installed = installService(
    ctx,
    {
      platform: process.platform,
      aoHome: ctx.paths.home,
      argv,
      cwd: ctx.cwd,
      path: ctx.env["PATH"] ?? "/usr/local/bin:/usr/bin:/bin",
    },
    options.force,
  );
  const enable = installed.enable.map((command) => command.join(" "));
  if (options.json) writeJson(ctx.stdout, { ...installed, enable: installed.enable });
  else
    writeLines(ctx.stdout, [
      `${installed.outcome === "written" ? "wrote" : "already installed, unchanged"}: ${installed.file}`,
      `runs at login: ${argv.join(" ")}`,
      `enable it now and at every login:`,
      ...enable.map((line) => `  ${line}`),
    ]);
  return 0;
}
