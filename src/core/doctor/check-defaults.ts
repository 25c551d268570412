import type { AoContext } from "../context.js";
import { DEFAULTED_SLOTS, type Slot } from "../registry/catalog.js";
import { inspectPlugin } from "../registry/inspect-plugin.js";
import type { DoctorCheck } from "./check.js";
import { mergeChecks, runPluginDoctor } from "./plugin-checks.js";

/**
 * Without a configuration, the machine is checked for what a first `ao init` would use: the
 * catalog's default plugins (tmux for the default runtime), except the agent, where any installed
 * CLI will do (see checkInstalledAgents). A default that does not load is left to `ao plugin ls`.
 */
export async function checkCatalogDefaults(ctx: AoContext, platform: string): Promise<DoctorCheck[]> {
  const defaults = ctx.catalog.defaults ?? {};
  const wanted: [Slot, string][] = [
    ...DEFAULTED_SLOTS.filter((slot) => slot !== "agent").flatMap((slot): [Slot, string][] => {
      const name = defaults[slot];
      return name === undefined ? [] : [[slot, name]];
    }),
    ...(defaults.notifiers ?? []).map((name): [Slot, string] => ["notifier", name]),
  ];
  const source = { catalog: ctx.catalog, baseDir: ctx.cwd };
  const checkContext = {
    env: ctx.env,
    cwd: ctx.cwd,
    paths: ctx.paths,
    baseDir: ctx.cwd,
    exec: ctx.exec,
    platform,
  };
  const checks = await Promise.all(
    wanted.map(async ([slot, name]) => {
      const inspected = await inspectPlugin(source, slot, name).catch(() => undefined);
      return inspected === undefined ? [] : runPluginDoctor(inspected, checkContext);
    }),
  );
  return mergeChecks(checks.flat());
}
