import type { AoContext } from "../context.js";
import { isAoError, messageOf } from "../errors.js";
import type { Slot } from "../registry/catalog.js";
import type { PluginRegistry } from "../registry/plugin-registry.js";
import type { SlotInterfaces } from "../slots/index.js";

/**
 * Whether an error of loading the configuration may be passed over by a command on stored sessions:
 * the file only gives their plugins options, and a config broken elsewhere must not keep a person
 * from stopping, messaging or listing what already runs.
 */
export function isConfigProblem(error: unknown): boolean {
  return isAoError(error) && (error.code.startsWith("E_CONFIG_") || error.code === "E_PLUGIN_OPTIONS");
}

/** One warning on stderr: the configured options are not applied, to what, and why (on one line). */
export function warnOptionsNotApplied(ctx: Pick<AoContext, "stderr">, what: string, error: unknown): void {
  const message = messageOf(error);
  const reason = message
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "")
    .join(" ");
  ctx.stderr.write(
    `warning: the plugin options from the configuration are not applied to ${what}, which use the plugins' defaults: ${reason}\n`,
  );
}

/**
 * The registry, except that options a plugin now rejects (E_PLUGIN_OPTIONS) are dropped with a
 * warning and the plugin is resolved with its defaults: a session started under older options can
 * still be stopped, messaged and probed. Each plugin warns once.
 */
export function withOptionsFallback(
  ctx: Pick<AoContext, "stderr">,
  registry: PluginRegistry,
): PluginRegistry {
  const warned = new Set<string>();
  return {
    resolve<S extends Slot>(slot: S, name: string, rawOptions?: unknown): Promise<SlotInterfaces[S]> {
      return registry.resolve(slot, name, rawOptions).catch((error: unknown) => {
        if (rawOptions === undefined || !isAoError(error) || error.code !== "E_PLUGIN_OPTIONS") throw error;
        const key = `${slot}/${name}`;
        if (!warned.has(key)) warnOptionsNotApplied(ctx, key, error);
        warned.add(key);
        return registry.resolve(slot, name);
      });
    },
  };
}
