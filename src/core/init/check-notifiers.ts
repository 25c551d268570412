import type { AoContext } from "../context.js";
import { runPluginDoctor } from "../doctor/plugin-checks.js";
import { inspectPlugin } from "../registry/inspect-plugin.js";
import type { PluginCheckContext } from "../registry/plugin-capabilities.js";

/** The catalog's default notifiers, split by whether they can deliver on this machine. */
export interface NotifierFacts {
  readonly usable: readonly string[];
  readonly unusable: readonly { name: string; detail: string; fix: string | undefined }[];
}

/**
 * `ao init` must not default to a notifier that cannot deliver here (desktop notifications on a
 * server without notify-send): each default notifier's own offline doctor check decides, and one
 * that is not ok is left out of the written config, with its reason and fix as a comment.
 */
export async function checkDefaultNotifiers(
  ctx: Pick<AoContext, "catalog" | "env" | "cwd" | "paths">,
  platform: string,
): Promise<NotifierFacts> {
  const names = ctx.catalog.defaults?.notifiers ?? [];
  const checkContext: PluginCheckContext = {
    env: ctx.env,
    cwd: ctx.cwd,
    paths: ctx.paths,
    baseDir: ctx.cwd,
    exec: undefined,
    platform,
  };
  const results = await Promise.all(
    names.map(async (name) => {
      const inspected = await inspectPlugin(
        { catalog: ctx.catalog, baseDir: ctx.cwd },
        "notifier",
        name,
      ).catch(() => undefined);
      const checks = inspected === undefined ? [] : await runPluginDoctor(inspected, checkContext);
      return { name, problem: checks.find((check) => check.status !== "ok") };
    }),
  );
  return {
    usable: results.filter((result) => result.problem === undefined).map((result) => result.name),
    unusable: results.flatMap(({ name, problem }) =>
      problem === undefined ? [] : [{ name, detail: problem.detail, fix: problem.fix }],
    ),
  };
}
